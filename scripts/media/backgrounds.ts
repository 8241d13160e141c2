/** Page backgrounds: abstract ones by motif, and the home page's. */
import { P, Svg, blobD, circle, darken, f, g, lighten, path, rect, rngFrom } from './lib.ts';
import { lighting, plate, surface } from './tableware.ts';
import { leaf } from './food-shapes.ts';
import { dishes } from './dishes.ts';
import { candle, cutlery, napkin, scatter, wineGlassTop } from './props.ts';

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
