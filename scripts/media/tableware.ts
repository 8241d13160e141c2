/** What food sits on and in, seen from above: table surfaces, light, plates, boards, and glasses from the side. */
import { P, Svg, circle, darken, ellipse, f, g, lighten, path, rect, tr } from './lib.ts';

// ── Surfaces ───────────────────────────────────────────────────────────────────────────────────────
export type Surface = 'walnut' | 'slate' | 'greenLinen' | 'marble' | 'oak' | 'steel';
const SURF: Record<Surface, [string, string, number, number, number]> = {
  // base, second tone, noise freq x, y, overlay opacity
  walnut: ['#2b1d14', '#4a3120', 0.004, 0.09, 0.12],
  oak: ['#4b3320', '#6a4a2c', 0.005, 0.1, 0.12],
  slate: ['#1c1d1f', '#2d2e30', 0.5, 0.5, 0.07],
  greenLinen: ['#16281e', '#24402f', 0.35, 0.02, 0.07],
  marble: ['#1e2622', '#3b4a42', 0.008, 0.012, 0.14],
  steel: ['#4d5156', '#7b8086', 0.002, 0.3, 0.1],
};
export function surface(s: Svg, kind: Surface, seed = 1, x = 0, y = 0, w = s.w, h = s.h) {
  const [a, b, fx, fy, op] = SURF[kind];
  return (
    rect(
      x,
      y,
      w,
      h,
      `fill="${s.linear(
        [
          [0, b],
          [1, a],
        ],
        0.2,
        0,
        0.8,
        1,
      )}"`,
    ) + rect(x, y, w, h, `filter="${s.grain(fx, fy, seed, 3)}" opacity="${op}"`)
  );
}
/** Warm key light from one corner and a vignette: makes every scene feel photographed. */
export function lighting(s: Svg, lx = 0.3, ly = 0.25, strength = 0.22, vignette = 0.6) {
  return (
    rect(
      0,
      0,
      s.w,
      s.h,
      `fill="${s.radial(
        [
          [0, '#ffd9a0', strength],
          [1, '#ffd9a0', 0],
        ],
        lx,
        ly,
        0.7,
      )}"`,
    ) +
    rect(
      0,
      0,
      s.w,
      s.h,
      `fill="${s.radial(
        [
          [0.45, '#000', 0],
          [1, '#000', vignette],
        ],
        0.5,
        0.5,
        0.75,
      )}"`,
    )
  );
}
export function shadow(s: Svg, cx: number, cy: number, rx: number, ry: number, op = 0.55) {
  return ellipse(
    cx + rx * 0.05,
    cy + ry * 0.09,
    rx * 1.02,
    ry * 1.02,
    `fill="#000" opacity="${op}" filter="${s.blur(Math.round(rx * 0.06))}"`,
  );
}

// ── Plates and vessels ────────────────────────────────────────────────────────────────────────────
export type PlateStyle = 'white' | 'stone' | 'black' | 'bowl' | 'cream';
export function plate(s: Svg, cx: number, cy: number, r: number, style: PlateStyle = 'white') {
  const col = { white: P.plate, stone: '#8a8177', black: '#2b2a29', bowl: '#efe7da', cream: '#e9dcc3' }[style];
  const rimR = style === 'bowl' ? r * 0.86 : r * 0.7;
  return (
    shadow(s, cx, cy, r, r) +
    circle(
      cx,
      cy,
      r,
      `fill="${s.radial(
        [
          [0.7, lighten(col, 0.05)],
          [0.93, col],
          [1, darken(col, 0.3)],
        ],
        0.5,
        0.5,
        0.5,
      )}"`,
    ) +
    circle(
      cx,
      cy,
      rimR,
      `fill="${s.radial(
        [
          [0, lighten(col, 0.06)],
          [0.8, col],
          [1, darken(col, style === 'bowl' ? 0.22 : 0.1)],
        ],
        0.45,
        0.42,
        0.6,
      )}"`,
    ) +
    path(
      `M${f(cx - r * 0.92)} ${f(cy - r * 0.1)}A${f(r * 0.93)} ${f(r * 0.93)} 0 0 1 ${f(cx - r * 0.1)} ${f(cy - r * 0.92)}`,
      `fill="none" stroke="#fff" stroke-opacity="${style === 'black' ? 0.12 : 0.5}" stroke-width="${f(r * 0.025)}" stroke-linecap="round"`,
    ) +
    (style === 'stone' || style === 'black'
      ? circle(cx, cy, r, `fill="#fff" filter="${s.speckle('#ffffff', 0.9, 0.1, 7, 0.5)}" opacity=".06"`)
      : '')
  );
}
export function board(s: Svg, x: number, y: number, w: number, h: number, kind: 'wood' | 'slate' = 'wood', rot = 0) {
  const base = kind === 'wood' ? '#8a5a32' : '#232427';
  return g(
    tr(x + w / 2, y + h / 2, rot),
    rect(-w / 2 + 10, -h / 2 + 16, w, h, `rx="${f(h * 0.06)}" fill="#000" opacity=".5" filter="${s.blur(14)}"`),
    rect(
      -w / 2,
      -h / 2,
      w,
      h,
      `rx="${f(h * 0.06)}" fill="${s.linear(
        [
          [0, lighten(base, 0.12)],
          [1, darken(base, 0.15)],
        ],
        0,
        0,
        1,
        1,
      )}"`,
    ),
    rect(
      -w / 2,
      -h / 2,
      w,
      h,
      `rx="${f(h * 0.06)}" filter="${kind === 'wood' ? s.grain(0.003, 0.12, 5, 2) : s.grain(0.6, 0.6, 5, 2)}" opacity=".2"`,
    ),
  );
}

// ── Glass, side view (drinks) ─────────────────────────────────────────────────────────────────────
export function glassSide(
  s: Svg,
  cx: number,
  bottom: number,
  w: number,
  h: number,
  liquid: [string, string],
  fill = 0.82,
  extra = '',
) {
  const top = bottom - h;
  const lTop = bottom - h * fill;
  const shape = `M${f(cx - w / 2)} ${f(top)}L${f(cx - w * 0.42)} ${f(bottom - 6)}Q${f(cx - w * 0.41)} ${f(bottom)} ${f(cx - w * 0.35)} ${f(bottom)}L${f(cx + w * 0.35)} ${f(bottom)}Q${f(cx + w * 0.41)} ${f(bottom)} ${f(cx + w * 0.42)} ${f(bottom - 6)}L${f(cx + w / 2)} ${f(top)}Z`;
  const clip = s.clip(`gl${cx}${bottom}${w}`, `<path d="${shape}"/>`);
  return (
    ellipse(cx, bottom + 2, w * 0.6, h * 0.05, `fill="#000" opacity=".55" filter="${s.blur(10)}"`) +
    g(
      `clip-path="${clip}"`,
      rect(cx - w, top, w * 2, h, `fill="#fff" opacity=".06"`),
      rect(
        cx - w,
        lTop,
        w * 2,
        bottom - lTop,
        `fill="${s.linear([
          [0, liquid[0]],
          [1, liquid[1]],
        ])}"`,
      ),
      ellipse(cx, lTop, w * 0.48, h * 0.025, `fill="${lighten(liquid[0], 0.25)}" opacity=".8"`),
      extra,
      rect(cx - w * 0.36, top, w * 0.08, h, `fill="#fff" opacity=".22"`),
      rect(cx + w * 0.28, top, w * 0.03, h, `fill="#fff" opacity=".12"`),
      rect(cx - w, bottom - h * 0.06, w * 2, h * 0.06, `fill="#fff" opacity=".14"`),
    ) +
    path(shape, `fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="2"`) +
    ellipse(cx, top, w / 2, h * 0.025, `fill="none" stroke="#fff" stroke-opacity=".4" stroke-width="2"`)
  );
}
