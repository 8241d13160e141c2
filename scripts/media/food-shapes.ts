/** Shapeless pieces of food (blobs, smears, scattered dots, leaves and herbs) that dishes are built from. */
import { P, type Rng, Svg, blobD, circle, darken, f, g, lighten, path, rect, tr } from './lib.ts';

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
