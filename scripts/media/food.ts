/** Food seen from above: tables, plates and the pieces dishes are made of, and the dishes themselves. */
import { P, Svg, type Rng, blobD, circle, darken, ellipse, f, g, lighten, mix, path, rect, tr } from './lib.ts';

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

// ── Pieces ─────────────────────────────────────────────────────────────────────────────────────────
export function blob(
  s: Svg,
  rng: Rng,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  color: string,
  wobble = 0.12,
  rot = 0,
  extra = '',
) {
  return path(blobD(rng, cx, cy, rx, ry, wobble, 9, rot), `fill="${s.shade(color)}"${extra ? ' ' + extra : ''}`);
}
/** A blob with a speckled texture (rice, grits, crumb, seasoning). */
export function texturedBlob(
  s: Svg,
  rng: Rng,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  base: string,
  speck: string,
  freq = 0.35,
  density = 0.5,
  wobble = 0.1,
) {
  const d = blobD(rng, cx, cy, rx, ry, wobble, 10);
  const clip = s.clip(`c${s.id()}`, `<path d="${d}"/>`);
  return (
    path(d, `fill="${s.shade(base, 0.18)}"`) +
    g(
      `clip-path="${clip}"`,
      rect(
        cx - rx * 1.3,
        cy - ry * 1.3,
        rx * 2.6,
        ry * 2.6,
        `filter="${s.speckle(speck, freq, density, rng.int(1, 99))}"`,
      ),
    )
  );
}
/** A tapered brush-stroke smear of purée or sauce from (x1,y1) to (x2,y2), bending by `bend`. */
export function smear(_s: Svg, x1: number, y1: number, x2: number, y2: number, w: number, color: string, bend = 0.25) {
  const mx = (x1 + x2) / 2;
  const my = (y1 + y2) / 2;
  const dx = x2 - x1;
  const dy = y2 - y1;
  const cx = mx - dy * bend;
  const cy = my + dx * bend;
  const top: string[] = [];
  const bot: string[] = [];
  const N = 14;
  for (let i = 0; i <= N; i++) {
    const t = i / N;
    const x = (1 - t) ** 2 * x1 + 2 * (1 - t) * t * cx + t * t * x2;
    const y = (1 - t) ** 2 * y1 + 2 * (1 - t) * t * cy + t * t * y2;
    const tx = 2 * (1 - t) * (cx - x1) + 2 * t * (x2 - cx);
    const ty = 2 * (1 - t) * (cy - y1) + 2 * t * (y2 - cy);
    const len = Math.hypot(tx, ty) || 1;
    const nx = -ty / len;
    const ny = tx / len;
    const ww = w * Math.pow(Math.sin(Math.PI * (0.08 + t * 0.84)), 0.7) * (1 - t * 0.35);
    top.push(`${f(x + nx * ww)} ${f(y + ny * ww)}`);
    bot.unshift(`${f(x - nx * ww * 0.8)} ${f(y - ny * ww * 0.8)}`);
  }
  const d = `M${top.join('L')}L${bot.join('L')}Z`;
  return (
    path(d, `fill="${color}" stroke="${color}" stroke-width="${f(w * 0.3)}" stroke-linejoin="round"`) +
    path(
      `M${f(x1)} ${f(y1)}Q${f(cx)} ${f(cy)} ${f(x2)} ${f(y2)}`,
      `fill="none" stroke="${lighten(color, 0.35)}" stroke-opacity=".45" stroke-width="${f(w * 0.18)}" stroke-linecap="round" transform="translate(${f(-w * 0.2)} ${f(-w * 0.25)})"`,
    )
  );
}
export function dots(
  s: Svg,
  rng: Rng,
  cx: number,
  cy: number,
  r: number,
  a0: number,
  a1: number,
  n: number,
  size: number,
  color: string,
) {
  let out = '';
  for (let i = 0; i < n; i++) {
    const a = a0 + ((a1 - a0) * i) / Math.max(1, n - 1);
    const sz = size * (1 - (i / n) * 0.55) * rng.range(0.85, 1.1);
    out += circle(cx + Math.cos(a) * r, cy + Math.sin(a) * r, sz, `fill="${s.shade(color, 0.2)}"`);
  }
  return out;
}
export function leaf(s: Svg, x: number, y: number, len: number, rot: number, color: string, width = 0.42) {
  const w = len * width;
  return g(
    tr(x, y, rot),
    path(
      `M0 0C${f(len * 0.25)} ${f(-w)} ${f(len * 0.75)} ${f(-w)} ${f(len)} 0C${f(len * 0.75)} ${f(w)} ${f(len * 0.25)} ${f(w)} 0 0Z`,
      `fill="${s.linear([
        [0, lighten(color, 0.2)],
        [1, darken(color, 0.2)],
      ])}"`,
    ),
    path(
      `M${f(len * 0.05)} 0L${f(len * 0.85)} 0`,
      `stroke="${lighten(color, 0.35)}" stroke-width="${f(Math.max(0.6, len * 0.03))}" opacity=".7"`,
    ),
  );
}
export function herbs(
  s: Svg,
  rng: Rng,
  cx: number,
  cy: number,
  spread: number,
  n: number,
  size: number,
  colors: string[] = [P.herb, P.herbLight],
) {
  let out = '';
  for (let i = 0; i < n; i++) {
    const a = rng.range(0, Math.PI * 2);
    const d = rng.range(0, spread);
    out += leaf(
      s,
      cx + Math.cos(a) * d,
      cy + Math.sin(a) * d,
      size * rng.range(0.7, 1.2),
      rng.range(0, 360),
      rng.pick(colors),
    );
  }
  return out;
}
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
