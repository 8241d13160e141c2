/** Small, dependency-free helpers for the procedural SVG art: seeded PRNG, colours, SVG builder. */

/** mulberry32 seeded from a string (FNV-1a), so every picture is reproducible from its name. */
export function rngFrom(seed: string) {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  let a = h >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (lo: number, hi: number) => lo + (hi - lo) * next(),
    int: (lo: number, hi: number) => Math.floor(lo + (hi - lo + 1) * next()),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    jitter: (v: number, amount: number) => v + (next() * 2 - 1) * amount,
    seed: () => Math.floor(next() * 1000),
  };
}
export type Rng = ReturnType<typeof rngFrom>;

/** Round to one decimal (keeps the SVG sources small). */
export const f = (n: number) => {
  const r = Math.round(n * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
};

// ── Colour ─────────────────────────────────────────────────────────────────────────────────────────
function hexToRgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const v =
    h.length === 3
      ? h
          .split('')
          .map((c) => c + c)
          .join('')
      : h;
  return [parseInt(v.slice(0, 2), 16), parseInt(v.slice(2, 4), 16), parseInt(v.slice(4, 6), 16)];
}
const toHex = (rgb: number[]) =>
  '#' +
  rgb
    .map((c) =>
      Math.max(0, Math.min(255, Math.round(c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('');
export function mix(a: string, b: string, t: number) {
  const x = hexToRgb(a);
  const y = hexToRgb(b);
  return toHex(x.map((c, i) => c + (y[i]! - c) * t));
}
export const lighten = (c: string, t: number) => mix(c, '#ffffff', t);
export const darken = (c: string, t: number) => mix(c, '#000000', t);

export const P = {
  charcoal: '#1b1916',
  coal: '#2a2622',
  smoke: '#3a342d',
  green: '#1f3b2c',
  greenMid: '#2f5a3d',
  herb: '#4f7d3a',
  herbLight: '#7fa650',
  saffron: '#e2a42b',
  gold: '#c9a24a',
  goldDeep: '#9c7a2e',
  tomato: '#c8402c',
  tomatoDeep: '#8f2a1d',
  cream: '#f3e8d3',
  creamDeep: '#e2d2b2',
  plate: '#f1ece3',
  crust: '#a8652a',
  brown: '#5a3620',
} as const;

// ── SVG builder ────────────────────────────────────────────────────────────────────────────────────
export class Svg {
  private defs: string[] = [];
  private keys = new Map<string, string>();
  private n = 0;
  body: string[] = [];
  constructor(
    public w: number,
    public h: number,
  ) {}
  id() {
    return (this.n++).toString(36).replace(/^(\d)/, 'i$1');
  }
  /** Register a definition once per key; returns its id. */
  def(key: string, make: (id: string) => string): string {
    const have = this.keys.get(key);
    if (have) return have;
    const id = this.id();
    this.keys.set(key, id);
    this.defs.push(make(id));
    return id;
  }
  add(...parts: string[]) {
    this.body.push(...parts);
    return this;
  }
  toString() {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${this.w} ${this.h}" width="${this.w}" height="${this.h}">` +
      (this.defs.length ? `<defs>${this.defs.join('')}</defs>` : '') +
      this.body.join('') +
      `</svg>\n`
    );
  }

  // gradients (objectBoundingBox, so one definition serves every shape of that colour)
  radial(stops: [number, string, number?][], cx = 0.5, cy = 0.5, r = 0.5, fx?: number, fy?: number) {
    const key = `r${cx},${cy},${r},${fx},${fy}|${JSON.stringify(stops)}`;
    return `url(#${this.def(
      key,
      (id) =>
        `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}"${fx !== undefined ? ` fx="${fx}" fy="${fy}"` : ''}>${stops
          .map(
            ([o, c, op]) =>
              `<stop offset="${o}" stop-color="${c}"${op !== undefined && op !== 1 ? ` stop-opacity="${op}"` : ''}/>`,
          )
          .join('')}</radialGradient>`,
    )})`;
  }
  linear(stops: [number, string, number?][], x1 = 0, y1 = 0, x2 = 0, y2 = 1) {
    const key = `l${x1},${y1},${x2},${y2}|${JSON.stringify(stops)}`;
    return `url(#${this.def(
      key,
      (id) =>
        `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops
          .map(
            ([o, c, op]) =>
              `<stop offset="${o}" stop-color="${c}"${op !== undefined && op !== 1 ? ` stop-opacity="${op}"` : ''}/>`,
          )
          .join('')}</linearGradient>`,
    )})`;
  }
  /** Shaded fill for a rounded food item: lit from the top-left. */
  shade(color: string, amount = 0.28) {
    return this.radial(
      [
        [0, lighten(color, amount)],
        [0.55, color],
        [1, darken(color, amount)],
      ],
      0.4,
      0.36,
      0.7,
    );
  }
  blur(sd: number) {
    return `url(#${this.def(`b${sd}`, (id) => `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${sd}"/></filter>`)})`;
  }
  /** Speckle filter: coloured spots from fractal noise (rice, seasoning, crumbs, stone). */
  speckle(color: string, freq: number, density = 0.5, seed = 3, alpha = 1) {
    const [r, g, b] = hexToRgb(color).map((c) => Math.round((c / 255) * 100) / 100);
    const k = 9;
    const c = Math.round(k * (0.64 - 0.28 * density) * 100) / 100;
    return `url(#${this.def(
      `s${color}${freq}${density}${seed}${alpha}`,
      (id) =>
        `<filter id="${id}" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="${freq}" numOctaves="2" seed="${seed}"/><feColorMatrix values="0 0 0 0 ${r} 0 0 0 0 ${g} 0 0 0 0 ${b} ${k * alpha} 0 0 0 -${Math.round(c * alpha * 100) / 100}"/><feComposite in2="SourceAlpha" operator="in"/></filter>`,
    )})`;
  }
  /** Soft grain or grain-of-wood texture as a grey overlay. */
  grain(freqX: number, freqY: number, seed = 1, octaves = 3) {
    return `url(#${this.def(
      `g${freqX},${freqY},${seed},${octaves}`,
      (id) =>
        `<filter id="${id}" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="${freqX} ${freqY}" numOctaves="${octaves}" seed="${seed}"/><feColorMatrix type="saturate" values="0"/><feComposite in2="SourceAlpha" operator="in"/></filter>`,
    )})`;
  }
  clip(key: string, shape: string) {
    return `url(#${this.def(key, (id) => `<clipPath id="${id}">${shape}</clipPath>`)})`;
  }
}

// ── Shapes ─────────────────────────────────────────────────────────────────────────────────────────
/** Smooth closed path through points (Catmull-Rom converted to cubic Béziers). */
export function smoothClosed(pts: [number, number][]) {
  const n = pts.length;
  let d = `M${f(pts[0]![0])} ${f(pts[0]![1])}`;
  for (let i = 0; i < n; i++) {
    const p0 = pts[(i - 1 + n) % n]!;
    const p1 = pts[i]!;
    const p2 = pts[(i + 1) % n]!;
    const p3 = pts[(i + 2) % n]!;
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${f(c1[0]!)} ${f(c1[1]!)} ${f(c2[0]!)} ${f(c2[1]!)} ${f(p2[0])} ${f(p2[1])}`;
  }
  return d + 'Z';
}
/** Organic blob around (cx, cy): an ellipse of radii rx, ry with seeded wobble. */
export function blobD(rng: Rng, cx: number, cy: number, rx: number, ry = rx, wobble = 0.12, n = 9, rot = 0) {
  const pts: [number, number][] = [];
  const off = rng.next() * Math.PI * 2;
  for (let i = 0; i < n; i++) {
    const a = off + (i / n) * Math.PI * 2;
    const k = 1 + (rng.next() * 2 - 1) * wobble;
    const x = Math.cos(a) * rx * k;
    const y = Math.sin(a) * ry * k;
    pts.push([cx + x * Math.cos(rot) - y * Math.sin(rot), cy + x * Math.sin(rot) + y * Math.cos(rot)]);
  }
  return smoothClosed(pts);
}
export const circle = (cx: number, cy: number, r: number, attrs = '') =>
  `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}"${attrs ? ' ' + attrs : ''}/>`;
export const ellipse = (cx: number, cy: number, rx: number, ry: number, attrs = '') =>
  `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}"${attrs ? ' ' + attrs : ''}/>`;
export const rect = (x: number, y: number, w: number, h: number, attrs = '') =>
  `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}"${attrs ? ' ' + attrs : ''}/>`;
export const path = (d: string, attrs = '') => `<path d="${d}"${attrs ? ' ' + attrs : ''}/>`;
export const g = (attrs: string, ...children: string[]) => `<g ${attrs}>${children.join('')}</g>`;
export const tr = (x: number, y: number, rot = 0, s = 1) =>
  `transform="translate(${f(x)} ${f(y)})${rot ? ` rotate(${f(rot)})` : ''}${s !== 1 ? ` scale(${Math.round(s * 1000) / 1000})` : ''}"`;
