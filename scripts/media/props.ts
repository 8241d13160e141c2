/** Props that dress a table in several pictures (napkins, cutlery, scattered seasoning, glasses, candles), and the pictures' fonts. */
import { P, Svg, type Rng, circle, darken, ellipse, f, g, lighten, path, rect, tr } from './lib.ts';
import { shadow } from './tableware.ts';
import { leaf } from './food-shapes.ts';

export const SERIF = `font-family="Georgia,'DejaVu Serif','Liberation Serif',serif"`;
export const SANS = `font-family="'Helvetica Neue',Arial,'DejaVu Sans','Liberation Sans',sans-serif"`;

export function napkin(s: Svg, x: number, y: number, w: number, h: number, rot: number, color = '#d9cbb0') {
  return g(
    tr(x, y, rot),
    rect(8, 14, w, h, `fill="#000" opacity=".45" filter="${s.blur(12)}"`),
    rect(
      0,
      0,
      w,
      h,
      `rx="4" fill="${s.linear(
        [
          [0, lighten(color, 0.1)],
          [1, darken(color, 0.12)],
        ],
        0,
        0,
        1,
        1,
      )}"`,
    ),
    rect(0, 0, w, h, `filter="${s.grain(0.8, 0.05, 9, 2)}" opacity=".12"`),
    path(
      `M${f(w * 0.12)} 0V${f(h)}M${f(w * 0.16)} 0V${f(h)}`,
      `stroke="${darken(color, 0.35)}" stroke-width="3" opacity=".5"`,
    ),
  );
}
export function cutlery(s: Svg, x: number, y: number, len: number, rot: number) {
  const metal = s.linear(
    [
      [0, '#d9d6cf'],
      [0.5, '#8d8a84'],
      [1, '#c9c6bf'],
    ],
    0,
    0,
    1,
    0,
  );
  const w = len * 0.05;
  const fork =
    `M${f(-w * 0.5)} 0L${f(-w * 0.5)} ${f(len * 0.55)}Q0 ${f(len * 0.6)} ${f(w * 0.5)} ${f(len * 0.55)}L${f(w * 0.5)} 0Z` +
    `M${f(-w * 1.4)} ${f(len * 0.56)}h${f(w * 2.8)}v${f(len * 0.12)}h${f(-w * 2.8)}Z` +
    [-1.3, -0.45, 0.45, 1.3]
      .map((k) => `M${f(k * w - w * 0.18)} ${f(len * 0.67)}h${f(w * 0.36)}v${f(len * 0.3)}h${f(-w * 0.36)}Z`)
      .join('');
  const knife = `M${f(-w * 0.55)} 0h${f(w * 1.1)}v${f(len * 0.5)}h${f(-w * 1.1)}Z M${f(-w * 0.6)} ${f(len * 0.5)}h${f(w * 1.2)}L${f(w * 0.7)} ${f(len)}Q${f(-w * 0.6)} ${f(len * 0.95)} ${f(-w * 0.6)} ${f(len * 0.5)}Z`;
  return g(
    tr(x, y, rot),
    path(fork, `fill="#000" opacity=".5" transform="translate(5 8)" filter="${s.blur(4)}"`),
    path(fork, `fill="${metal}"`),
    g(
      `transform="translate(${f(len * 0.14)} 0)"`,
      path(knife, `fill="#000" opacity=".5" transform="translate(5 8)" filter="${s.blur(4)}"`),
      path(knife, `fill="${metal}"`),
    ),
  );
}
export function scatter(
  s: Svg,
  rng: Rng,
  n: number,
  kind: 'pepper' | 'salt' | 'herb' | 'chili',
  avoid?: [number, number, number],
) {
  let o = '';
  for (let i = 0; i < n; i++) {
    let x = 0,
      y = 0;
    for (let t = 0; t < 8; t++) {
      x = rng.range(0, s.w);
      y = rng.range(0, s.h);
      if (!avoid || Math.hypot(x - avoid[0], y - avoid[1]) > avoid[2]) break;
    }
    const sz = Math.min(s.w, s.h) * 0.012;
    if (kind === 'pepper') o += circle(x, y, sz * rng.range(0.6, 1), `fill="${s.shade('#2a1d14', 0.35)}"`);
    else if (kind === 'salt')
      o += rect(
        x,
        y,
        sz * 0.9,
        sz * 0.7,
        `fill="#f4f1ea" opacity=".85" transform="rotate(${f(rng.range(0, 90))} ${f(x)} ${f(y)})"`,
      );
    else if (kind === 'chili') o += circle(x, y, sz * 0.45, `fill="#b8321e"`);
    else o += leaf(s, x, y, sz * rng.range(2.5, 4), rng.range(0, 360), rng.pick([P.herb, '#3d6b2a', P.herbLight]));
  }
  return o;
}
export function wineGlassTop(s: Svg, x: number, y: number, r: number, wine = '#5a0f1c') {
  return (
    ellipse(
      x + r * 0.3,
      y + r * 0.5,
      r * 1.1,
      r * 1.1,
      `fill="#000" opacity=".25" filter="${s.blur(Math.round(r * 0.2))}"`,
    ) +
    circle(x, y, r, `fill="#fff" fill-opacity=".06" stroke="#fff" stroke-opacity=".35" stroke-width="2"`) +
    circle(
      x,
      y,
      r * 0.7,
      `fill="${s.radial([
        [0, lighten(wine, 0.2)],
        [1, wine],
      ])}" opacity=".9"`,
    ) +
    path(
      `M${f(x - r * 0.7)} ${f(y - r * 0.3)}A${f(r * 0.8)} ${f(r * 0.8)} 0 0 1 ${f(x - r * 0.1)} ${f(y - r * 0.75)}`,
      `stroke="#fff" stroke-opacity=".45" stroke-width="${f(r * 0.06)}" fill="none" stroke-linecap="round"`,
    )
  );
}
export function candle(s: Svg, x: number, y: number, r: number) {
  return (
    circle(
      x,
      y,
      r * 4,
      `fill="${s.radial([
        [0, '#ffc66b', 0.45],
        [1, '#ffc66b', 0],
      ])}"`,
    ) +
    shadow(s, x, y, r, r, 0.4) +
    circle(
      x,
      y,
      r,
      `fill="${s.radial([
        [0, '#fff7e6'],
        [0.8, '#f0e2c2'],
        [1, '#c9b48a'],
      ])}"`,
    ) +
    circle(
      x,
      y,
      r * 0.3,
      `fill="${s.radial([
        [0, '#fff'],
        [0.5, '#ffd27a'],
        [1, '#ff9a2a', 0],
      ])}"`,
    )
  );
}
export function textLines(
  x: number,
  y: number,
  w: number,
  n: number,
  gap: number,
  color: string,
  rng: Rng,
  hand = false,
) {
  let d = '';
  for (let i = 0; i < n; i++) {
    const lw = w * (i === n - 1 ? 0.55 : rng.range(0.82, 1));
    if (hand)
      d += `M${f(x)} ${f(y + i * gap)}q${f(lw / 8)} ${f(-gap * 0.2)} ${f(lw / 4)} 0t${f(lw / 4)} 0t${f(lw / 4)} 0t${f(lw / 4)} 0`;
    else d += `M${f(x)} ${f(y + i * gap)}h${f(lw)}`;
  }
  return path(d, `stroke="${color}" stroke-width="${hand ? 2.5 : gap * 0.32}" stroke-linecap="round" fill="none"`);
}
