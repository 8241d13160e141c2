/** Scenes of tables laid for guests and of teaching: the services and the events. */
import { P, circle, ellipse, f, g, path, rect, tr } from './lib.ts';
import { board, plate, shadow, surface } from './tableware.ts';
import { herbs, texturedBlob } from './food-shapes.ts';
import { cherryTomato, cube, lemonHalf, lettuce, slice, strawberryHalf } from './ingredients.ts';
import { dishes } from './dishes.ts';
import { SERIF, candle, cutlery, textLines, wineGlassTop } from './props.ts';
import { type SceneContext, type SceneDraw } from './scene-context.ts';

const D = dishes;

function buffet({ s, rng, w, h, m, kind }: SceneContext) {
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
}
function classroom({ s, rng, w, h, m, kind }: SceneContext) {
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
}

export const diningScenes = {
  privateChef({ s, rng, w, h, m }) {
    s.add(surface(s, 'greenLinen', 2));
    s.add(D.salmon!(s, rng, w * 0.3, h * 0.55, m * 0.3) + D.beefTenderloin!(s, rng, w * 0.72, h * 0.45, m * 0.3));
    s.add(
      wineGlassTop(s, w * 0.48, h * 0.18, m * 0.08) +
        wineGlassTop(s, w * 0.55, h * 0.85, m * 0.08) +
        candle(s, w * 0.52, h * 0.5, m * 0.04) +
        cutlery(s, w * 0.06, h * 0.3, m * 0.5, -4) +
        cutlery(s, w * 0.9, h * 0.3, m * 0.5, 4),
    );
  },
  catering: buffet,
  corporate: buffet,
  cookingClass: classroom,
  training: classroom,
  mealPrep({ s, rng, w, h, m }) {
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
  },
  consultation({ s, rng, w, h, m }) {
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
        path(`M${f(m * 0.5)} 0l${f(m * 0.05)} ${f(m * 0.0125)}l${f(-m * 0.05)} ${f(m * 0.0125)}Z`, `fill="${P.gold}"`),
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
  },
  dinner({ s, rng, w, h, m }) {
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
  },
  birthday({ s, rng, w, h, m }) {
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
  },
} satisfies Record<string, SceneDraw>;
