/** Recognisable ingredients seen from above (scallop, lemon, shrimp, tomato, berries…), built from the food shapes. */
import { P, type Rng, Svg, blobD, circle, darken, ellipse, f, g, lighten, mix, path, rect, tr } from './lib.ts';
import { leaf } from './food-shapes.ts';

// ── Named ingredients ─────────────────────────────────────────────────────────────────────────────
/** Scallop seen from above: pale centre, seared golden rim. */
export function scallop(s: Svg, x: number, y: number, r: number) {
  const fill = s.radial(
    [
      [0, '#f3e6c8'],
      [0.55, '#e4c48e'],
      [0.85, '#b87a34'],
      [1, '#7d4c1e'],
    ],
    0.46,
    0.44,
    0.55,
  );
  return (
    circle(x + r * 0.1, y + r * 0.14, r, `fill="#000" opacity=".35" filter="${s.blur(Math.round(r * 0.12) || 1)}"`) +
    circle(x, y, r, `fill="${fill}"`)
  );
}
export function slice(s: Svg, x: number, y: number, rx: number, ry: number, rot: number, outer: string, inner: string) {
  return g(
    tr(x, y, rot),
    ellipse(rx * 0.05, ry * 0.2, rx, ry, `fill="#000" opacity=".3" filter="${s.blur(4)}"`),
    ellipse(0, 0, rx, ry, `fill="${outer}"`),
    ellipse(
      0,
      0,
      rx * 0.84,
      ry * 0.78,
      `fill="${s.radial([
        [0, lighten(inner, 0.12)],
        [0.7, inner],
        [1, darken(inner, 0.15)],
      ])}"`,
    ),
  );
}
export function lemonHalf(s: Svg, x: number, y: number, r: number, charred = false, color = '#f2cf3a') {
  let seg = '';
  for (let i = 0; i < 9; i++) {
    const a = (i / 9) * Math.PI * 2;
    seg += `M${f(x)} ${f(y)}L${f(x + Math.cos(a) * r * 0.78)} ${f(y + Math.sin(a) * r * 0.78)}`;
  }
  return (
    circle(
      x + r * 0.1,
      y + r * 0.15,
      r,
      `fill="#000" opacity=".35" filter="${s.blur(Math.max(1, Math.round(r * 0.1)))}"`,
    ) +
    circle(x, y, r, `fill="${darken(color, 0.05)}"`) +
    circle(x, y, r * 0.88, `fill="${lighten(color, 0.55)}"`) +
    circle(
      x,
      y,
      r * 0.8,
      `fill="${s.radial([
        [0, lighten(color, 0.5)],
        [1, lighten(color, 0.15)],
      ])}"`,
    ) +
    path(seg, `stroke="${lighten(color, 0.7)}" stroke-width="${f(r * 0.06)}"`) +
    (charred
      ? circle(
          x,
          y,
          r * 0.8,
          `fill="${s.radial(
            [
              [0.3, '#2a1a0a', 0],
              [1, '#2a1a0a', 0.8],
            ],
            0.6,
            0.6,
            0.6,
          )}"`,
        )
      : '')
  );
}
export function shrimp(s: Svg, x: number, y: number, size: number, rot: number) {
  const r = size * 0.5;
  const arc = `M${f(r)} 0A${f(r)} ${f(r)} 0 1 1 ${f(-r * 0.7)} ${f(r * 0.7)}`;
  let segs = '';
  for (let i = 0; i < 5; i++) {
    const a = (i / 5) * Math.PI * 1.2 - 0.2;
    segs += `M${f(Math.cos(a) * r * 0.7)} ${f(Math.sin(a) * r * 0.7)}L${f(Math.cos(a) * r * 1.3)} ${f(Math.sin(a) * r * 1.3)}`;
  }
  return g(
    tr(x, y, rot),
    path(
      arc,
      `fill="none" stroke="#000" stroke-opacity=".3" stroke-width="${f(size * 0.46)}" stroke-linecap="round" transform="translate(3 5)" filter="${s.blur(3)}"`,
    ),
    path(arc, `fill="none" stroke="#e9825a" stroke-width="${f(size * 0.44)}" stroke-linecap="round"`),
    path(
      arc,
      `fill="none" stroke="#f7b48d" stroke-width="${f(size * 0.2)}" stroke-linecap="round" transform="translate(-1.5 -1.5)"`,
    ),
    path(segs, `stroke="#fbe0cc" stroke-opacity=".55" stroke-width="${f(size * 0.035)}"`),
    path(
      `M${f(-r * 0.7)} ${f(r * 0.7)}l${f(-size * 0.35)} ${f(-size * 0.05)}l${f(size * 0.12)} ${f(size * 0.3)}Z`,
      `fill="#c9432a"`,
    ),
  );
}
export function cherryTomato(s: Svg, x: number, y: number, r: number) {
  let calyx = '';
  for (let i = 0; i < 5; i++) {
    const a = (i / 5) * Math.PI * 2;
    calyx += `M${f(x)} ${f(y)}L${f(x + Math.cos(a) * r * 0.45)} ${f(y + Math.sin(a) * r * 0.45)}`;
  }
  return (
    circle(
      x + r * 0.15,
      y + r * 0.2,
      r,
      `fill="#000" opacity=".35" filter="${s.blur(Math.max(1, Math.round(r * 0.15)))}"`,
    ) +
    circle(x, y, r, `fill="${s.shade(P.tomato, 0.3)}"`) +
    path(calyx, `stroke="#3f6b2a" stroke-width="${f(r * 0.16)}" stroke-linecap="round"`) +
    ellipse(x - r * 0.35, y - r * 0.4, r * 0.2, r * 0.12, `fill="#fff" opacity=".5"`)
  );
}
export function tomatoSlice(s: Svg, rng: Rng, x: number, y: number, r: number, color: string) {
  let seeds = '';
  const n = rng.int(5, 7);
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2 + rng.range(0, 0.3);
    seeds += ellipse(
      x + Math.cos(a) * r * 0.5,
      y + Math.sin(a) * r * 0.5,
      r * 0.2,
      r * 0.12,
      `transform="rotate(${f((a * 180) / Math.PI)} ${f(x + Math.cos(a) * r * 0.5)} ${f(y + Math.sin(a) * r * 0.5)})" fill="${mix(color, '#f7d27a', 0.5)}" opacity=".85"`,
    );
  }
  return (
    path(blobD(rng, x + 3, y + 5, r, r, 0.06), `fill="#000" opacity=".3" filter="${s.blur(4)}"`) +
    path(blobD(rng, x, y, r, r, 0.06), `fill="${s.shade(color, 0.2)}"`) +
    seeds +
    circle(x, y, r * 0.18, `fill="${lighten(color, 0.25)}"`)
  );
}
export function asparagus(s: Svg, x: number, y: number, len: number, rot: number, w: number) {
  let tips = '';
  for (let i = 0; i < 4; i++) tips += `M${f(len - w * 1.6 - i * w * 0.9)} ${f(-w * 0.45)}l${f(w * 0.6)} ${f(w * 0.45)}`;
  return g(
    tr(x, y, rot),
    path(
      `M0 ${f(w * 0.6)}L${f(len)} ${f(w * 0.6)}`,
      `stroke="#000" stroke-opacity=".3" stroke-width="${f(w)}" stroke-linecap="round" filter="${s.blur(2)}"`,
    ),
    path(
      `M0 0L${f(len)} 0`,
      `stroke="${s.linear(
        [
          [0, '#a9c46a'],
          [0.6, '#5f8a35'],
          [1, '#3d6024'],
        ],
        0,
        0,
        1,
        0,
      )}" stroke-width="${f(w)}" stroke-linecap="round"`,
    ),
    path(
      `M0 ${f(-w * 0.2)}L${f(len * 0.9)} ${f(-w * 0.2)}`,
      `stroke="#d7e8a8" stroke-opacity=".45" stroke-width="${f(w * 0.2)}" stroke-linecap="round"`,
    ),
    path(tips, `stroke="#2f4d1c" stroke-width="${f(w * 0.12)}" fill="none"`),
  );
}
export function strawberryHalf(s: Svg, rng: Rng, x: number, y: number, size: number, rot: number) {
  const h = size;
  const d = `M0 ${f(-h * 0.5)}C${f(h * 0.55)} ${f(-h * 0.75)} ${f(h * 0.6)} ${f(h * 0.1)} 0 ${f(h * 0.55)}C${f(-h * 0.6)} ${f(h * 0.1)} ${f(-h * 0.55)} ${f(-h * 0.75)} 0 ${f(-h * 0.5)}Z`;
  let seeds = '';
  for (let i = 0; i < 7; i++)
    seeds += circle(rng.range(-h * 0.3, h * 0.3), rng.range(-h * 0.35, h * 0.3), h * 0.025, `fill="#f8e2a0"`);
  return g(
    tr(x, y, rot),
    path(d, `fill="#000" opacity=".3" transform="translate(3 5)" filter="${s.blur(3)}"`),
    path(d, `fill="${s.shade('#c8233a', 0.25)}"`),
    path(
      `M0 ${f(-h * 0.35)}C${f(h * 0.3)} ${f(-h * 0.45)} ${f(h * 0.3)} ${f(h * 0.1)} 0 ${f(h * 0.35)}C${f(-h * 0.3)} ${f(h * 0.1)} ${f(-h * 0.3)} ${f(-h * 0.45)} 0 ${f(-h * 0.35)}Z`,
      `fill="#f6b7b3" opacity=".7"`,
    ),
    seeds,
  );
}
export function raspberry(s: Svg, x: number, y: number, r: number) {
  let out =
    circle(x + r * 0.1, y + r * 0.2, r, `fill="#000" opacity=".35" filter="${s.blur(2)}"`) +
    circle(x, y, r, `fill="#8e1530"`);
  for (let i = 0; i < 7; i++) {
    const a = (i / 7) * Math.PI * 2;
    out += circle(
      x + Math.cos(a) * r * 0.55,
      y + Math.sin(a) * r * 0.55,
      r * 0.38,
      `fill="${s.shade('#c42145', 0.3)}"`,
    );
  }
  return out + circle(x, y, r * 0.35, `fill="${s.shade('#c42145', 0.3)}"`);
}
export function mintSprig(s: Svg, x: number, y: number, size: number, rot: number) {
  return g(
    tr(x, y, rot),
    leaf(s, 0, 0, size, -30, '#5e9a48', 0.5),
    leaf(s, 0, 0, size, 30, '#6aa84f', 0.5),
    leaf(s, 0, 0, size * 0.8, 180, '#4f8a3c', 0.5),
  );
}
export function lettuce(s: Svg, rng: Rng, x: number, y: number, r: number, color = '#6b9a3c') {
  let veins = '';
  for (let i = 0; i < 5; i++) {
    const a = rng.range(0, Math.PI * 2);
    veins += `M${f(x)} ${f(y)}L${f(x + Math.cos(a) * r * 0.8)} ${f(y + Math.sin(a) * r * 0.8)}`;
  }
  return (
    path(blobD(rng, x, y, r, r * 0.8, 0.3, 11, rng.range(0, 3)), `fill="${s.shade(color, 0.25)}"`) +
    path(veins, `stroke="${lighten(color, 0.4)}" stroke-width="1.2" opacity=".6"`)
  );
}
export function chunk(s: Svg, rng: Rng, x: number, y: number, r: number, color: string) {
  return (
    path(
      blobD(rng, x + r * 0.12, y + r * 0.2, r, r * 0.85, 0.18, 7),
      `fill="#000" opacity=".35" filter="${s.blur(Math.max(1, Math.round(r * 0.15)))}"`,
    ) + path(blobD(rng, x, y, r, r * 0.85, 0.18, 7, rng.range(0, 3)), `fill="${s.shade(color, 0.3)}"`)
  );
}
export function cube(s: Svg, x: number, y: number, size: number, rot: number, color: string) {
  return g(
    tr(x, y, rot),
    rect(-size / 2 + 2, -size / 2 + 3, size, size, `rx="${f(size * 0.25)}" fill="#000" opacity=".3"`),
    rect(-size / 2, -size / 2, size, size, `rx="${f(size * 0.25)}" fill="${s.shade(color, 0.22)}"`),
  );
}
/** Grill marks clipped to a shape. */
export function grillMarks(s: Svg, d: string, x: number, y: number, r: number, rot = 35, gap = 0.3) {
  const clip = s.clip(`gm${s.id()}`, `<path d="${d}"/>`);
  let lines = '';
  for (let i = -3; i <= 3; i++) lines += `M${f(-r * 1.5)} ${f(i * r * gap)}L${f(r * 1.5)} ${f(i * r * gap)}`;
  return g(
    `clip-path="${clip}"`,
    g(tr(x, y, rot), path(lines, `stroke="#1e0f06" stroke-opacity=".7" stroke-width="${f(r * 0.08)}"`)),
  );
}
