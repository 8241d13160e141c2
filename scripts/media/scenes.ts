/**
 * Whole pictures: dish photographs, backgrounds, services, events, thumbnails, the brand. People are in
 * people.ts, products and cookbook spreads in products.ts, the table's props in props.ts.
 */
import { P, Svg, blobD, circle, darken, ellipse, f, g, lighten, path, rect, rngFrom, tr } from './lib.ts';
import {
  type Surface,
  board,
  cube,
  glassSide,
  herbs,
  leaf,
  lemonHalf,
  lighting,
  plate,
  shadow,
  shrimp,
  strawberryHalf,
  surface,
  texturedBlob,
  chunk,
  cherryTomato,
  lettuce,
  mintSprig,
  slice,
} from './food.ts';
import { dishes } from './dishes.ts';
import { SANS, SERIF, candle, cutlery, napkin, scatter, textLines, wineGlassTop } from './props.ts';
import { emblem, jar } from './products.ts';

// ── Dish photographs ──────────────────────────────────────────────────────────────────────────────
export interface PhotoOpts {
  w?: number;
  h?: number;
  surface?: Surface;
  R?: number;
  cx?: number;
  cy?: number;
  props?: ('napkin' | 'cutlery' | 'pepper' | 'salt' | 'herb' | 'chili' | 'wine' | 'candle')[];
}
export function dishPhoto(seed: string, dish: string, o: PhotoOpts = {}) {
  const w = o.w ?? 1200;
  const h = o.h ?? 900;
  const s = new Svg(w, h);
  const rng = rngFrom(seed);
  const R = o.R ?? h * 0.36;
  const cx = o.cx ?? w * rng.range(0.47, 0.53);
  const cy = o.cy ?? h * 0.5;
  s.add(surface(s, o.surface ?? 'walnut', rng.int(1, 50)));
  const props = o.props ?? ['napkin', 'pepper'];
  if (props.includes('napkin'))
    s.add(
      napkin(s, rng.pick([w * 0.02, w * 0.78]), rng.range(-h * 0.1, h * 0.5), w * 0.22, h * 0.6, rng.range(-12, 12)),
    );
  if (props.includes('cutlery')) s.add(cutlery(s, cx + R * 1.25, cy - R * 0.7, R * 1.3, rng.range(-8, 8)));
  if (props.includes('wine')) s.add(wineGlassTop(s, cx - R * 1.3, cy - R * 0.7, R * 0.3));
  if (props.includes('candle')) s.add(candle(s, cx + R * 1.35, cy + R * 0.7, R * 0.12));
  for (const k of ['pepper', 'salt', 'herb', 'chili'] as const)
    if (props.includes(k)) s.add(scatter(s, rng, k === 'herb' ? 8 : 16, k, [cx, cy, R * 1.15]));
  s.add(dishes[dish]!(s, rng, cx, cy, R));
  s.add(lighting(s, rng.range(0.2, 0.4), 0.2, 0.2, 0.62));
  return s.toString();
}

// ── Backgrounds ───────────────────────────────────────────────────────────────────────────────────
type Motif = 'bokeh' | 'herbs' | 'spice' | 'lines' | 'plates' | 'streaks' | 'rings';
export function abstractBg(
  seed: string,
  colors: string[],
  motif: Motif,
  base: string = P.charcoal,
  w = 1920,
  h = 1080,
) {
  const s = new Svg(w, h);
  const rng = rngFrom(seed);
  s.add(
    rect(
      0,
      0,
      w,
      h,
      `fill="${s.linear(
        [
          [0, lighten(base, 0.06)],
          [1, darken(base, 0.3)],
        ],
        0,
        0,
        1,
        1,
      )}"`,
    ),
  );
  for (let i = 0; i < 6; i++) {
    const c = colors[i % colors.length]!;
    s.add(
      path(
        blobD(rng, rng.range(0, w), rng.range(0, h), rng.range(w * 0.15, w * 0.35), rng.range(h * 0.2, h * 0.45), 0.3),
        `fill="${c}" opacity="${f(rng.range(0.25, 0.5))}" filter="${s.blur(120)}"`,
      ),
    );
  }
  if (motif === 'bokeh' || motif === 'rings') {
    for (let i = 0; i < 26; i++) {
      const r = rng.range(14, 70);
      const c = rng.pick(['#ffd28a', '#f3b04a', '#fff0d0']);
      s.add(
        motif === 'bokeh'
          ? circle(
              rng.range(0, w),
              rng.range(0, h),
              r,
              `fill="${s.radial([
                [0, c, 0.35],
                [0.8, c, 0.22],
                [1, c, 0],
              ])}"`,
            )
          : circle(
              rng.range(0, w),
              rng.range(0, h),
              r * 2,
              `fill="none" stroke="${P.gold}" stroke-opacity="${f(rng.range(0.08, 0.25))}" stroke-width="2"`,
            ),
      );
    }
  } else if (motif === 'herbs') {
    for (let i = 0; i < 18; i++)
      s.add(
        leaf(
          s,
          rng.range(0, w),
          rng.range(0, h),
          rng.range(60, 160),
          rng.range(0, 360),
          rng.pick([P.herb, P.greenMid, '#3d6b2a']),
          0.38,
        ).replace('<g ', `<g opacity="${f(rng.range(0.35, 0.8))}" `),
      );
  } else if (motif === 'spice') {
    s.add(scatter(s, rng, 60, 'pepper') + scatter(s, rng, 50, 'chili') + scatter(s, rng, 20, 'herb'));
  } else if (motif === 'lines') {
    let d = '';
    for (let i = 0; i < 14; i++) {
      const y0 = rng.range(-h * 0.2, h * 1.2);
      d += `M-20 ${f(y0)}C${f(w * 0.3)} ${f(y0 + rng.range(-200, 200))} ${f(w * 0.7)} ${f(y0 + rng.range(-200, 200))} ${f(w + 20)} ${f(y0 + rng.range(-150, 150))}`;
    }
    s.add(path(d, `fill="none" stroke="${P.gold}" stroke-opacity=".22" stroke-width="1.5"`));
  } else if (motif === 'plates') {
    for (let i = 0; i < 7; i++) {
      const x = rng.range(0, w);
      const y = rng.range(0, h);
      const r = rng.range(110, 220);
      s.add(g(`opacity=".35"`, plate(s, x, y, r, rng.pick(['black', 'stone'] as const))));
    }
  } else if (motif === 'streaks') {
    for (let i = 0; i < 7; i++) {
      const x = rng.range(0, w);
      s.add(
        rect(
          x,
          -100,
          rng.range(30, 140),
          h + 200,
          `fill="${rng.pick(['#ffcf8a', '#f08a4a'])}" opacity="${f(rng.range(0.05, 0.14))}" transform="rotate(${f(rng.range(18, 28))} ${f(x)} ${f(h / 2)})" filter="${s.blur(30)}"`,
        ),
      );
    }
  }
  s.add(rect(0, 0, w, h, `filter="${s.grain(0.7, 0.7, rng.int(1, 50), 2)}" opacity=".08"`));
  s.add(lighting(s, 0.3, 0.2, 0.12, 0.55));
  return s.toString();
}
/** The home background: a dark table with plates running off the edges and room for the headline. */
export function homeBg() {
  const w = 1920,
    h = 1080;
  const s = new Svg(w, h);
  const rng = rngFrom('bgHome');
  s.add(surface(s, 'walnut', 4));
  s.add(napkin(s, w * 0.34, -60, 300, 520, 8, '#2c4a36'));
  s.add(dishes.scallops!(s, rng, w * 0.12, h * 0.22, 300));
  s.add(dishes.burrata!(s, rng, w * 0.9, h * 0.82, 330));
  s.add(dishes.beetCarpaccio!(s, rng, w * 0.78, h * 0.08, 200));
  s.add(dishes.lambChops!(s, rng, w * 0.15, h * 1.02, 260));
  s.add(wineGlassTop(s, w * 0.62, h * 0.2, 80));
  s.add(candle(s, w * 0.45, h * 0.92, 34));
  s.add(cutlery(s, w * 0.66, h * 0.55, 360, 24));
  s.add(
    scatter(s, rng, 30, 'pepper', [w / 2, h / 2, 360]) +
      scatter(s, rng, 14, 'herb', [w / 2, h / 2, 400]) +
      scatter(s, rng, 20, 'salt', [w / 2, h / 2, 360]),
  );
  s.add(
    rect(
      0,
      0,
      w,
      h,
      `fill="${s.radial(
        [
          [0, '#0d0b09', 0.72],
          [0.6, '#0d0b09', 0.35],
          [1, '#0d0b09', 0],
        ],
        0.5,
        0.5,
        0.55,
      )}"`,
    ),
  );
  s.add(lighting(s, 0.25, 0.15, 0.2, 0.55));
  return s.toString();
}

// ── Scenes built from several elements ────────────────────────────────────────────────────────────
export type SceneKind =
  | 'privateChef'
  | 'catering'
  | 'cookingClass'
  | 'mealPrep'
  | 'consultation'
  | 'training'
  | 'dinner'
  | 'birthday'
  | 'corporate'
  | 'panChicken'
  | 'roastTray'
  | 'grillShrimp'
  | 'riceBeans'
  | 'juiceBar'
  | 'dessertBuild'
  | 'saucePot';
export function scene(seed: string, kind: SceneKind, w = 1200, h = 800) {
  const s = new Svg(w, h);
  const rng = rngFrom(seed);
  const m = Math.min(w, h);
  const D = dishes;
  switch (kind) {
    case 'privateChef': {
      s.add(surface(s, 'greenLinen', 2));
      s.add(D.salmon!(s, rng, w * 0.3, h * 0.55, m * 0.3) + D.beefTenderloin!(s, rng, w * 0.72, h * 0.45, m * 0.3));
      s.add(
        wineGlassTop(s, w * 0.48, h * 0.18, m * 0.08) +
          wineGlassTop(s, w * 0.55, h * 0.85, m * 0.08) +
          candle(s, w * 0.52, h * 0.5, m * 0.04) +
          cutlery(s, w * 0.06, h * 0.3, m * 0.5, -4) +
          cutlery(s, w * 0.9, h * 0.3, m * 0.5, 4),
      );
      break;
    }
    case 'catering':
    case 'corporate': {
      s.add(surface(s, kind === 'catering' ? 'walnut' : 'marble', 3));
      const names = ['capreseSkewers', 'tunaTartare', 'crabCakes', 'roastedVeg', 'beetCarpaccio', 'shrimpGrits'];
      for (let i = 0; i < (kind === 'catering' ? 5 : 3); i++) {
        const x = w * (0.18 + (i % 3) * 0.32) + (i > 2 ? w * 0.16 : 0);
        const y = h * (i > 2 ? 0.75 : 0.3);
        const nm = kind === 'catering' ? names[(i + 2) % names.length]! : 'capreseSkewers';
        s.add(
          D[nm]!(
            s,
            rng,
            x,
            kind === 'corporate' ? h * (0.25 + i * 0.3) - (i === 1 ? 0 : 0) : y,
            kind === 'corporate' ? m * 0.26 : m * 0.24,
          ),
        );
        if (kind === 'corporate' && i === 2) break;
      }
      if (kind === 'corporate')
        s.add(
          wineGlassTop(s, w * 0.88, h * 0.2, m * 0.06, '#d9c37a') +
            wineGlassTop(s, w * 0.12, h * 0.82, m * 0.06, '#d9c37a'),
        );
      break;
    }
    case 'cookingClass':
    case 'training': {
      s.add(surface(s, kind === 'training' ? 'steel' : 'oak', 5));
      s.add(board(s, w * 0.18, h * 0.16, w * 0.56, h * 0.62, 'wood', -3));
      s.add(
        g(
          tr(w * 0.62, h * 0.24, 150),
          path(`M0 0h${f(m * 0.18)}v${f(m * 0.05)}h${f(-m * 0.18)}Z`, `fill="#1b1916"`),
          path(
            `M${f(m * 0.18)} ${f(-m * 0.01)}L${f(m * 0.62)} ${f(m * 0.01)}Q${f(m * 0.6)} ${f(m * 0.08)} ${f(m * 0.18)} ${f(m * 0.07)}Z`,
            `fill="${s.linear([
              [0, '#eeeeec'],
              [1, '#8e9094'],
            ])}"`,
          ),
        ),
      );
      for (let i = 0; i < 14; i++)
        s.add(
          cube(
            s,
            w * 0.3 + rng.jitter(0, w * 0.08),
            h * 0.55 + rng.jitter(0, h * 0.1),
            m * 0.04,
            rng.range(0, 90),
            rng.pick(['#e8842a', '#f2efe4', '#c8402c']),
          ),
        );
      s.add(herbs(s, rng, w * 0.5, h * 0.58, m * 0.08, 16, m * 0.035));
      s.add(
        cherryTomato(s, w * 0.84, h * 0.7, m * 0.05) +
          cherryTomato(s, w * 0.9, h * 0.62, m * 0.045) +
          lemonHalf(s, w * 0.86, h * 0.38, m * 0.07),
      );
      if (kind === 'training') {
        for (let i = 0; i < 2; i++) s.add(plate(s, w * (0.12 + i * 0.0), h * (0.3 + i * 0.45), m * 0.12, 'bowl'));
        s.add(
          g(
            tr(w * 0.9, h * 0.18, 100),
            path(`M0 0L${f(m * 0.25)} 0`, `stroke="#8e9094" stroke-width="10" stroke-linecap="round"`),
            ...[0.1, 0.2, 0.3].map((k) =>
              ellipse(m * (0.35 + 0), 0, m * 0.1, m * k * 0.2, `fill="none" stroke="#c9cbce" stroke-width="3"`),
            ),
          ),
        );
      }
      break;
    }
    case 'mealPrep': {
      s.add(surface(s, 'slate', 6));
      for (let i = 0; i < 6; i++) {
        const x = w * (0.2 + (i % 3) * 0.3);
        const y = h * (0.3 + Math.floor(i / 3) * 0.42);
        const cw = m * 0.38,
          ch = m * 0.3;
        s.add(rect(x - cw / 2 + 8, y - ch / 2 + 14, cw, ch, `rx="24" fill="#000" opacity=".5" filter="${s.blur(10)}"`));
        s.add(rect(x - cw / 2, y - ch / 2, cw, ch, `rx="24" fill="#2f2f31" stroke="#555" stroke-width="3"`));
        s.add(
          texturedBlob(
            s,
            rng,
            x - cw * 0.22,
            y,
            cw * 0.2,
            ch * 0.36,
            i % 2 ? '#efe6d2' : '#b98a4a',
            '#7a5a2a',
            0.35,
            0.4,
          ),
        );
        for (let k = 0; k < 3; k++)
          s.add(slice(s, x + cw * 0.16, y - ch * 0.25 + k * ch * 0.22, cw * 0.14, ch * 0.09, 0, '#8a5a2a', '#e8c690'));
        s.add(lettuce(s, rng, x + cw * 0.05, y + ch * 0.25, cw * 0.1));
        s.add(cherryTomato(s, x + cw * 0.28, y + ch * 0.28, cw * 0.05));
      }
      break;
    }
    case 'consultation': {
      s.add(surface(s, 'oak', 7));
      s.add(
        g(
          tr(w * 0.42, h * 0.5, -6),
          rect(-m * 0.36 + 12, -m * 0.42 + 18, m * 0.72, m * 0.84, `fill="#000" opacity=".5" filter="${s.blur(14)}"`),
          rect(-m * 0.36, -m * 0.42, m * 0.72, m * 0.84, `rx="6" fill="#f4ecdb"`),
          `<text x="${f(-m * 0.28)}" y="${f(-m * 0.3)}" ${SERIF} font-size="${f(m * 0.05)}" fill="#3a3129">Menu</text>`,
          textLines(-m * 0.28, -m * 0.2, m * 0.5, 12, m * 0.05, '#a89c88', rng),
          textLines(-m * 0.1, -m * 0.15, m * 0.3, 3, m * 0.1, '#a2341f', rng, true),
        ),
      );
      s.add(
        g(
          tr(w * 0.66, h * 0.25, 60),
          rect(0, 0, m * 0.5, m * 0.025, `rx="4" fill="#1b1916"`),
          path(
            `M${f(m * 0.5)} 0l${f(m * 0.05)} ${f(m * 0.0125)}l${f(-m * 0.05)} ${f(m * 0.0125)}Z`,
            `fill="${P.gold}"`,
          ),
        ),
      );
      const cx = w * 0.8,
        cy = h * 0.68;
      s.add(
        plate(s, cx, cy, m * 0.18, 'cream') +
          circle(cx, cy, m * 0.1, `fill="#f4efe6"`) +
          circle(
            cx,
            cy,
            m * 0.085,
            `fill="${s.radial([
              [0, '#c8915a'],
              [0.6, '#6b3a1a'],
              [1, '#3a1e0c'],
            ])}"`,
          ) +
          path(
            `M${f(cx + m * 0.1)} ${f(cy)}h${f(m * 0.05)}`,
            `stroke="#f4efe6" stroke-width="${f(m * 0.03)}" stroke-linecap="round"`,
          ),
      );
      break;
    }
    case 'dinner': {
      s.add(surface(s, 'walnut', 8));
      s.add(rect(0, h * 0.3, w, h * 0.4, `fill="#1f3b2c" opacity=".85"`));
      const names = ['scallops', 'salmon', 'lambChops', 'risotto', 'beefTenderloin', 'burrata'];
      for (let i = 0; i < 6; i++) {
        const x = w * (0.17 + (i % 3) * 0.33);
        const y = i < 3 ? h * 0.16 : h * 0.84;
        s.add(D[names[i]!]!(s, rng, x, y, m * 0.17));
      }
      for (let i = 0; i < 3; i++) s.add(candle(s, w * (0.3 + i * 0.2), h * 0.5, m * 0.03));
      s.add(herbs(s, rng, w * 0.5, h * 0.5, w * 0.4, 26, m * 0.04));
      break;
    }
    case 'birthday': {
      s.add(surface(s, 'marble', 9));
      const cx = w * 0.5,
        cy = h * 0.5,
        r = m * 0.3;
      s.add(plate(s, cx, cy, r * 1.25, 'white'));
      s.add(shadow(s, cx, cy, r, r, 0.5) + circle(cx, cy, r, `fill="${s.shade('#f6eee0', 0.1)}"`));
      for (let i = 0; i < 20; i++) {
        const a = (i / 20) * Math.PI * 2;
        s.add(
          circle(
            cx + Math.cos(a) * r * 0.88,
            cy + Math.sin(a) * r * 0.88,
            r * 0.08,
            `fill="${s.shade('#fff9ef', 0.15)}"`,
          ),
        );
      }
      for (let i = 0; i < 8; i++)
        s.add(
          strawberryHalf(
            s,
            rng,
            cx + Math.cos(i * 0.785) * r * 0.6,
            cy + Math.sin(i * 0.785) * r * 0.6,
            r * 0.18,
            i * 45,
          ),
        );
      for (let i = 0; i < 5; i++)
        s.add(candle(s, cx + Math.cos(i * 1.256) * r * 0.3, cy + Math.sin(i * 1.256) * r * 0.3, r * 0.05));
      s.add(
        D.capreseSkewers!(s, rng, w * 0.1, h * 0.2, m * 0.25) + D.chocolateFondant!(s, rng, w * 0.9, h * 0.75, m * 0.2),
      );
      break;
    }
    case 'panChicken': {
      s.add(surface(s, 'slate', 10));
      const cx = w * 0.48,
        cy = h * 0.5,
        r = m * 0.4;
      s.add(
        path(`M${f(cx + r * 0.95)} ${f(cy - r * 0.1)}h${f(r * 0.7)}v${f(r * 0.2)}h${f(-r * 0.7)}Z`, `fill="#141414"`),
      );
      s.add(
        shadow(s, cx, cy, r, r, 0.6) +
          circle(
            cx,
            cy,
            r,
            `fill="${s.radial([
              [0.85, '#232323'],
              [1, '#444'],
            ])}"`,
          ) +
          circle(
            cx,
            cy,
            r * 0.88,
            `fill="${s.radial([
              [0, '#3a2a1a'],
              [1, '#17110b'],
            ])}"`,
          ),
      );
      for (let i = 0; i < 5; i++) {
        const [x, y] = [Math.cos(i * 1.256) * r * 0.45, Math.sin(i * 1.256) * r * 0.45];
        s.add(texturedBlob(s, rng, cx + x, cy + y, r * 0.26, r * 0.2, '#a8561e', '#3a1a08', 0.4, 0.5, 0.15));
      }
      s.add(circle(cx, cy, r * 0.85, `fill="#fff" filter="${s.speckle('#d65a1e', 0.3, 0.25, 19)}"`));
      s.add(herbs(s, rng, cx, cy, r * 0.6, 10, m * 0.04));
      s.add(jar(s, w * 0.88, h * 0.55, m * 0.2, m * 0.3).replace(/<text[^>]*>[^<]*<\/text>/g, ''));
      break;
    }
    case 'roastTray': {
      s.add(surface(s, 'walnut', 11));
      s.add(
        rect(
          w * 0.08 + 12,
          h * 0.1 + 20,
          w * 0.84,
          h * 0.8,
          `rx="30" fill="#000" opacity=".55" filter="${s.blur(16)}"`,
        ) +
          rect(
            w * 0.08,
            h * 0.1,
            w * 0.84,
            h * 0.8,
            `rx="30" fill="${s.radial([
              [0.8, '#3a3836'],
              [1, '#5a5855'],
            ])}"`,
          ),
      );
      for (let i = 0; i < 34; i++)
        s.add(
          chunk(
            s,
            rng,
            w * rng.range(0.15, 0.85),
            h * rng.range(0.2, 0.8),
            m * rng.range(0.04, 0.06),
            rng.pick(['#d9a548', '#d9a548', '#c8402c', '#7a2458', '#e8b730']),
          ),
        );
      s.add(herbs(s, rng, w * 0.5, h * 0.5, w * 0.35, 24, m * 0.035));
      break;
    }
    case 'grillShrimp': {
      s.add(rect(0, 0, w, h, `fill="#111"`));
      let bars = '';
      for (let y = 30; y < h; y += 70) bars += `M0 ${y}h${w}`;
      s.add(
        path(bars, `stroke="#3a3a3a" stroke-width="26"`) +
          path(bars, `stroke="#5a5a5a" stroke-width="6" transform="translate(0 -8)"`),
      );
      s.add(
        rect(
          0,
          0,
          w,
          h,
          `fill="${s.radial(
            [
              [0, '#ff7a1a', 0.35],
              [1, '#ff7a1a', 0],
            ],
            0.5,
            0.6,
            0.6,
          )}"`,
        ),
      );
      for (let k = 0; k < 3; k++) {
        const y = h * (0.25 + k * 0.25);
        s.add(
          path(
            `M${f(w * 0.1)} ${f(y)}L${f(w * 0.9)} ${f(y - 30)}`,
            `stroke="#c9a66b" stroke-width="8" stroke-linecap="round"`,
          ),
        );
        for (let i = 0; i < 5; i++)
          s.add(shrimp(s, w * (0.2 + i * 0.14), y - i * 6, m * 0.16, 180 + rng.jitter(0, 10)));
      }
      s.add(
        lemonHalf(s, w * 0.92, h * 0.12, m * 0.08, true, '#8cbf3a') +
          lemonHalf(s, w * 0.08, h * 0.9, m * 0.08, true, '#8cbf3a'),
      );
      break;
    }
    case 'riceBeans': {
      s.add(surface(s, 'greenLinen', 12));
      const cx = w * 0.5,
        cy = h * 0.5,
        R = m * 0.42;
      s.add(plate(s, cx, cy, R, 'bowl'));
      s.add(texturedBlob(s, rng, cx, cy, R * 0.68, R * 0.66, '#efe3c6', '#b8782f', 0.3, 0.35));
      for (let i = 0; i < 40; i++) {
        const a = rng.range(0, Math.PI * 2),
          d = Math.sqrt(rng.next()) * R * 0.6;
        s.add(
          ellipse(
            cx + Math.cos(a) * d,
            cy + Math.sin(a) * d,
            R * 0.04,
            R * 0.026,
            `fill="${s.shade('#6b1f1f', 0.3)}" transform="rotate(${f(rng.range(0, 180))} ${f(cx + Math.cos(a) * d)} ${f(cy + Math.sin(a) * d)})"`,
          ),
        );
      }
      s.add(circle(cx, cy, R * 0.66, `fill="#fff" filter="${s.speckle('#c2561e', 0.35, 0.12, 31)}"`));
      s.add(herbs(s, rng, cx, cy, R * 0.3, 12, R * 0.08));
      s.add(
        lemonHalf(s, w * 0.85, h * 0.25, m * 0.07, false, '#8cbf3a') +
          jar(s, w * 0.14, h * 0.8, m * 0.16, m * 0.24).replace(/<text[^>]*>[^<]*<\/text>/g, ''),
      );
      break;
    }
    case 'juiceBar': {
      s.add(
        rect(
          0,
          0,
          w,
          h,
          `fill="${s.linear([
            [0, '#26352a'],
            [1, '#0f1611'],
          ])}"`,
        ),
      );
      s.add(
        rect(
          0,
          h * 0.72,
          w,
          h * 0.28,
          `fill="${s.linear([
            [0, '#3b2a1e'],
            [1, '#1a130d'],
          ])}"`,
        ),
      );
      s.add(
        glassSide(s, w * 0.38, h * 0.8, m * 0.3, m * 0.55, ['#9cc63f', '#4f7d22']) +
          glassSide(s, w * 0.62, h * 0.82, m * 0.26, m * 0.45, ['#e0607a', '#7d8a2a']),
      );
      s.add(
        lettuce(s, rng, w * 0.15, h * 0.82, m * 0.1, '#3d6b2a') +
          strawberryHalf(s, rng, w * 0.82, h * 0.84, m * 0.1, 20) +
          lemonHalf(s, w * 0.88, h * 0.74, m * 0.06, false, '#8cbf3a'),
      );
      break;
    }
    case 'dessertBuild': {
      s.add(surface(s, 'slate', 13));
      s.add(D.pavlova!(s, rng, w * 0.38, h * 0.5, m * 0.4));
      for (let i = 0; i < 7; i++)
        s.add(
          strawberryHalf(s, rng, w * (0.72 + rng.jitter(0, 0.08)), h * (0.3 + i * 0.08), m * 0.07, rng.range(0, 360)),
        );
      s.add(mintSprig(s, w * 0.85, h * 0.75, m * 0.06, 30));
      break;
    }
    case 'saucePot': {
      s.add(surface(s, 'slate', 14));
      const cx = w * 0.45,
        cy = h * 0.5,
        r = m * 0.36;
      s.add(
        path(`M${f(cx + r * 0.9)} ${f(cy - r * 0.08)}h${f(r * 0.8)}v${f(r * 0.16)}h${f(-r * 0.8)}Z`, `fill="#8e9094"`),
      );
      s.add(
        shadow(s, cx, cy, r, r, 0.6) +
          circle(
            cx,
            cy,
            r,
            `fill="${s.radial([
              [0.88, '#b9bcc0'],
              [1, '#6a6d72'],
            ])}"`,
          ) +
          circle(
            cx,
            cy,
            r * 0.86,
            `fill="${s.radial(
              [
                [0, '#d8642a'],
                [0.7, '#a8341a'],
                [1, '#5a1a0a'],
              ],
              0.45,
              0.4,
              0.6,
            )}"`,
          ),
      );
      s.add(
        path(
          `M${f(cx - r * 0.5)} ${f(cy)}c${f(r * 0.2)} ${f(-r * 0.3)} ${f(r * 0.5)} ${f(r * 0.3)} ${f(r * 0.8)} 0`,
          `stroke="#f0905a" stroke-width="8" fill="none" opacity=".6" stroke-linecap="round"`,
        ),
      );
      s.add(
        herbs(s, rng, cx, cy, r * 0.5, 8, m * 0.04) +
          leaf(s, w * 0.8, h * 0.3, m * 0.2, 20, '#2f6b2a', 0.45) +
          cherryTomato(s, w * 0.85, h * 0.7, m * 0.05),
      );
      break;
    }
  }
  s.add(lighting(s, 0.3, 0.2, 0.2, 0.6));
  return s.toString();
}

// ── Brand ─────────────────────────────────────────────────────────────────────────────────────────
export function logo() {
  // Kept as an SVG file and served as-is: text stays text (accessible, tiny), system serif fonts.
  const s = new Svg(520, 140);
  s.add(emblem(s, 70, 70, 56, P.gold));
  s.add(`<text x="146" y="86" ${SERIF} font-size="64" letter-spacing="10" fill="${P.cream}">FEVA</text>`);
  s.add(
    `<text x="150" y="120" ${SANS} font-size="17" letter-spacing="5.2" fill="${P.gold}">PRIVATE CHEF &amp; CATERING</text>`,
  );
  return s.toString().replace('<svg ', `<svg role="img" aria-label="Feva private chef and catering" `);
}
export function favicon() {
  const s = new Svg(64, 64);
  s.add(rect(0, 0, 64, 64, `rx="14" fill="${P.green}"`));
  s.add(emblem(s, 32, 32, 24, P.gold));
  return s.toString();
}
export function ogImage() {
  const w = 1200,
    h = 630;
  const s = new Svg(w, h);
  const rng = rngFrom('og');
  s.add(surface(s, 'walnut', 15));
  s.add(dishes.salmon!(s, rng, w * 0.76, h * 0.5, 250));
  s.add(herbs(s, rng, w * 0.45, h * 0.85, 60, 6, 16) + scatter(s, rng, 14, 'pepper', [w * 0.76, h * 0.5, 300]));
  s.add(
    rect(
      0,
      0,
      w,
      h,
      `fill="${s.linear(
        [
          [0, '#0d0b09', 0.85],
          [0.5, '#0d0b09', 0.55],
          [0.7, '#0d0b09', 0],
        ],
        0,
        0,
        1,
        0,
      )}"`,
    ),
  );
  s.add(emblem(s, 120, 150, 50, P.gold));
  s.add(`<text x="80" y="310" ${SERIF} font-size="112" letter-spacing="12" fill="${P.cream}">FEVA</text>`);
  s.add(
    `<text x="84" y="370" ${SANS} font-size="30" letter-spacing="8" fill="${P.gold}">PRIVATE CHEF &amp; CATERING</text>`,
  );
  s.add(
    `<text x="84" y="440" ${SERIF} font-style="italic" font-size="30" fill="${P.cream}" opacity=".8">Dinners, events, classes and recipes</text>`,
  );
  s.add(lighting(s, 0.7, 0.3, 0.15, 0.45));
  return s.toString();
}
