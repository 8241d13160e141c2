/** Whole pictures: dish photographs, backgrounds, people, products, services, events, thumbnails. */
import { P, Svg, type Rng, blobD, circle, darken, ellipse, f, g, lighten, path, rect, rngFrom, tr } from "./lib.ts";
import { type Surface, board, cube, glassSide, herbs, leaf, lemonHalf, lighting, plate, shadow, shrimp, strawberryHalf, surface, texturedBlob, chunk, cherryTomato, lettuce, mintSprig, slice } from "./food.ts";
import { dishes } from "./dishes.ts";

const SERIF = `font-family="Georgia,'DejaVu Serif','Liberation Serif',serif"`;
const SANS = `font-family="'Helvetica Neue',Arial,'DejaVu Sans','Liberation Sans',sans-serif"`;

// ── Props ──────────────────────────────────────────────────────────────────────────────────────────
export function napkin(s: Svg, x: number, y: number, w: number, h: number, rot: number, color = "#d9cbb0") {
  return g(tr(x, y, rot),
    rect(8, 14, w, h, `fill="#000" opacity=".45" filter="${s.blur(12)}"`),
    rect(0, 0, w, h, `rx="4" fill="${s.linear([[0, lighten(color, 0.1)], [1, darken(color, 0.12)]], 0, 0, 1, 1)}"`),
    rect(0, 0, w, h, `filter="${s.grain(0.8, 0.05, 9, 2)}" opacity=".12"`),
    path(`M${f(w * 0.12)} 0V${f(h)}M${f(w * 0.16)} 0V${f(h)}`, `stroke="${darken(color, 0.35)}" stroke-width="3" opacity=".5"`));
}
export function cutlery(s: Svg, x: number, y: number, len: number, rot: number) {
  const metal = s.linear([[0, "#d9d6cf"], [0.5, "#8d8a84"], [1, "#c9c6bf"]], 0, 0, 1, 0);
  const w = len * 0.05;
  const fork = `M${f(-w * 0.5)} 0L${f(-w * 0.5)} ${f(len * 0.55)}Q0 ${f(len * 0.6)} ${f(w * 0.5)} ${f(len * 0.55)}L${f(w * 0.5)} 0Z` +
    `M${f(-w * 1.4)} ${f(len * 0.56)}h${f(w * 2.8)}v${f(len * 0.12)}h${f(-w * 2.8)}Z` +
    [-1.3, -0.45, 0.45, 1.3].map((k) => `M${f(k * w - w * 0.18)} ${f(len * 0.67)}h${f(w * 0.36)}v${f(len * 0.3)}h${f(-w * 0.36)}Z`).join("");
  const knife = `M${f(-w * 0.55)} 0h${f(w * 1.1)}v${f(len * 0.5)}h${f(-w * 1.1)}Z M${f(-w * 0.6)} ${f(len * 0.5)}h${f(w * 1.2)}L${f(w * 0.7)} ${f(len)}Q${f(-w * 0.6)} ${f(len * 0.95)} ${f(-w * 0.6)} ${f(len * 0.5)}Z`;
  return g(tr(x, y, rot), path(fork, `fill="#000" opacity=".5" transform="translate(5 8)" filter="${s.blur(4)}"`), path(fork, `fill="${metal}"`),
    g(`transform="translate(${f(len * 0.14)} 0)"`, path(knife, `fill="#000" opacity=".5" transform="translate(5 8)" filter="${s.blur(4)}"`), path(knife, `fill="${metal}"`)));
}
export function scatter(s: Svg, rng: Rng, n: number, kind: "pepper" | "salt" | "herb" | "chili", avoid?: [number, number, number]) {
  let o = "";
  for (let i = 0; i < n; i++) {
    let x = 0, y = 0;
    for (let t = 0; t < 8; t++) {
      x = rng.range(0, s.w);
      y = rng.range(0, s.h);
      if (!avoid || Math.hypot(x - avoid[0], y - avoid[1]) > avoid[2]) break;
    }
    const sz = Math.min(s.w, s.h) * 0.012;
    if (kind === "pepper") o += circle(x, y, sz * rng.range(0.6, 1), `fill="${s.shade("#2a1d14", 0.35)}"`);
    else if (kind === "salt") o += rect(x, y, sz * 0.9, sz * 0.7, `fill="#f4f1ea" opacity=".85" transform="rotate(${f(rng.range(0, 90))} ${f(x)} ${f(y)})"`);
    else if (kind === "chili") o += circle(x, y, sz * 0.45, `fill="#b8321e"`);
    else o += leaf(s, x, y, sz * rng.range(2.5, 4), rng.range(0, 360), rng.pick([P.herb, "#3d6b2a", P.herbLight]));
  }
  return o;
}
export function wineGlassTop(s: Svg, x: number, y: number, r: number, wine = "#5a0f1c") {
  return ellipse(x + r * 0.3, y + r * 0.5, r * 1.1, r * 1.1, `fill="#000" opacity=".25" filter="${s.blur(Math.round(r * 0.2))}"`) +
    circle(x, y, r, `fill="#fff" fill-opacity=".06" stroke="#fff" stroke-opacity=".35" stroke-width="2"`) +
    circle(x, y, r * 0.7, `fill="${s.radial([[0, lighten(wine, 0.2)], [1, wine]])}" opacity=".9"`) +
    path(`M${f(x - r * 0.7)} ${f(y - r * 0.3)}A${f(r * 0.8)} ${f(r * 0.8)} 0 0 1 ${f(x - r * 0.1)} ${f(y - r * 0.75)}`, `stroke="#fff" stroke-opacity=".45" stroke-width="${f(r * 0.06)}" fill="none" stroke-linecap="round"`);
}
export function candle(s: Svg, x: number, y: number, r: number) {
  return circle(x, y, r * 4, `fill="${s.radial([[0, "#ffc66b", 0.45], [1, "#ffc66b", 0]])}"`) +
    shadow(s, x, y, r, r, 0.4) + circle(x, y, r, `fill="${s.radial([[0, "#fff7e6"], [0.8, "#f0e2c2"], [1, "#c9b48a"]])}"`) +
    circle(x, y, r * 0.3, `fill="${s.radial([[0, "#fff"], [0.5, "#ffd27a"], [1, "#ff9a2a", 0]])}"`);
}
function textLines(x: number, y: number, w: number, n: number, gap: number, color: string, rng: Rng, hand = false) {
  let d = "";
  for (let i = 0; i < n; i++) {
    const lw = w * (i === n - 1 ? 0.55 : rng.range(0.82, 1));
    if (hand) d += `M${f(x)} ${f(y + i * gap)}q${f(lw / 8)} ${f(-gap * 0.2)} ${f(lw / 4)} 0t${f(lw / 4)} 0t${f(lw / 4)} 0t${f(lw / 4)} 0`;
    else d += `M${f(x)} ${f(y + i * gap)}h${f(lw)}`;
  }
  return path(d, `stroke="${color}" stroke-width="${hand ? 2.5 : gap * 0.32}" stroke-linecap="round" fill="none"`);
}

// ── Dish photographs ──────────────────────────────────────────────────────────────────────────────
export interface PhotoOpts {
  w?: number;
  h?: number;
  surface?: Surface;
  R?: number;
  cx?: number;
  cy?: number;
  props?: ("napkin" | "cutlery" | "pepper" | "salt" | "herb" | "chili" | "wine" | "candle")[];
}
export function dishPhoto(seed: string, dish: string, o: PhotoOpts = {}) {
  const w = o.w ?? 1200;
  const h = o.h ?? 900;
  const s = new Svg(w, h);
  const rng = rngFrom(seed);
  const R = o.R ?? h * 0.36;
  const cx = o.cx ?? w * rng.range(0.47, 0.53);
  const cy = o.cy ?? h * 0.5;
  s.add(surface(s, o.surface ?? "walnut", rng.int(1, 50)));
  const props = o.props ?? ["napkin", "pepper"];
  if (props.includes("napkin")) s.add(napkin(s, rng.pick([w * 0.02, w * 0.78]), rng.range(-h * 0.1, h * 0.5), w * 0.22, h * 0.6, rng.range(-12, 12)));
  if (props.includes("cutlery")) s.add(cutlery(s, cx + R * 1.25, cy - R * 0.7, R * 1.3, rng.range(-8, 8)));
  if (props.includes("wine")) s.add(wineGlassTop(s, cx - R * 1.3, cy - R * 0.7, R * 0.3));
  if (props.includes("candle")) s.add(candle(s, cx + R * 1.35, cy + R * 0.7, R * 0.12));
  for (const k of ["pepper", "salt", "herb", "chili"] as const) if (props.includes(k)) s.add(scatter(s, rng, k === "herb" ? 8 : 16, k, [cx, cy, R * 1.15]));
  s.add(dishes[dish]!(s, rng, cx, cy, R));
  s.add(lighting(s, rng.range(0.2, 0.4), 0.2, 0.2, 0.62));
  return s.toString();
}

// ── Backgrounds ───────────────────────────────────────────────────────────────────────────────────
type Motif = "bokeh" | "herbs" | "spice" | "lines" | "plates" | "streaks" | "rings";
export function abstractBg(seed: string, colors: string[], motif: Motif, base: string = P.charcoal, w = 1920, h = 1080) {
  const s = new Svg(w, h);
  const rng = rngFrom(seed);
  s.add(rect(0, 0, w, h, `fill="${s.linear([[0, lighten(base, 0.06)], [1, darken(base, 0.3)]], 0, 0, 1, 1)}"`));
  for (let i = 0; i < 6; i++) {
    const c = colors[i % colors.length]!;
    s.add(path(blobD(rng, rng.range(0, w), rng.range(0, h), rng.range(w * 0.15, w * 0.35), rng.range(h * 0.2, h * 0.45), 0.3), `fill="${c}" opacity="${f(rng.range(0.25, 0.5))}" filter="${s.blur(120)}"`));
  }
  if (motif === "bokeh" || motif === "rings") {
    for (let i = 0; i < 26; i++) {
      const r = rng.range(14, 70);
      const c = rng.pick(["#ffd28a", "#f3b04a", "#fff0d0"]);
      s.add(motif === "bokeh"
        ? circle(rng.range(0, w), rng.range(0, h), r, `fill="${s.radial([[0, c, 0.35], [0.8, c, 0.22], [1, c, 0]])}"`)
        : circle(rng.range(0, w), rng.range(0, h), r * 2, `fill="none" stroke="${P.gold}" stroke-opacity="${f(rng.range(0.08, 0.25))}" stroke-width="2"`));
    }
  } else if (motif === "herbs") {
    for (let i = 0; i < 18; i++) s.add(leaf(s, rng.range(0, w), rng.range(0, h), rng.range(60, 160), rng.range(0, 360), rng.pick([P.herb, P.greenMid, "#3d6b2a"]), 0.38).replace("<g ", `<g opacity="${f(rng.range(0.35, 0.8))}" `));
  } else if (motif === "spice") {
    s.add(scatter(s, rng, 60, "pepper") + scatter(s, rng, 50, "chili") + scatter(s, rng, 20, "herb"));
  } else if (motif === "lines") {
    let d = "";
    for (let i = 0; i < 14; i++) {
      const y0 = rng.range(-h * 0.2, h * 1.2);
      d += `M-20 ${f(y0)}C${f(w * 0.3)} ${f(y0 + rng.range(-200, 200))} ${f(w * 0.7)} ${f(y0 + rng.range(-200, 200))} ${f(w + 20)} ${f(y0 + rng.range(-150, 150))}`;
    }
    s.add(path(d, `fill="none" stroke="${P.gold}" stroke-opacity=".22" stroke-width="1.5"`));
  } else if (motif === "plates") {
    for (let i = 0; i < 7; i++) {
      const x = rng.range(0, w);
      const y = rng.range(0, h);
      const r = rng.range(110, 220);
      s.add(g(`opacity=".35"`, plate(s, x, y, r, rng.pick(["black", "stone"] as const))));
    }
  } else if (motif === "streaks") {
    for (let i = 0; i < 7; i++) {
      const x = rng.range(0, w);
      s.add(rect(x, -100, rng.range(30, 140), h + 200, `fill="${rng.pick(["#ffcf8a", "#f08a4a"])}" opacity="${f(rng.range(0.05, 0.14))}" transform="rotate(${f(rng.range(18, 28))} ${f(x)} ${f(h / 2)})" filter="${s.blur(30)}"`));
    }
  }
  s.add(rect(0, 0, w, h, `filter="${s.grain(0.7, 0.7, rng.int(1, 50), 2)}" opacity=".08"`));
  s.add(lighting(s, 0.3, 0.2, 0.12, 0.55));
  return s.toString();
}
/** The home background: a dark table with plates running off the edges and room for the headline. */
export function homeBg() {
  const w = 1920, h = 1080;
  const s = new Svg(w, h);
  const rng = rngFrom("bgHome");
  s.add(surface(s, "walnut", 4));
  s.add(napkin(s, w * 0.34, -60, 300, 520, 8, "#2c4a36"));
  s.add(dishes.scallops!(s, rng, w * 0.12, h * 0.22, 300));
  s.add(dishes.burrata!(s, rng, w * 0.9, h * 0.82, 330));
  s.add(dishes.beetCarpaccio!(s, rng, w * 0.78, h * 0.08, 200));
  s.add(dishes.lambChops!(s, rng, w * 0.15, h * 1.02, 260));
  s.add(wineGlassTop(s, w * 0.62, h * 0.2, 80));
  s.add(candle(s, w * 0.45, h * 0.92, 34));
  s.add(cutlery(s, w * 0.66, h * 0.55, 360, 24));
  s.add(scatter(s, rng, 30, "pepper", [w / 2, h / 2, 360]) + scatter(s, rng, 14, "herb", [w / 2, h / 2, 400]) + scatter(s, rng, 20, "salt", [w / 2, h / 2, 360]));
  s.add(rect(0, 0, w, h, `fill="${s.radial([[0, "#0d0b09", 0.72], [0.6, "#0d0b09", 0.35], [1, "#0d0b09", 0]], 0.5, 0.5, 0.55)}"`));
  s.add(lighting(s, 0.25, 0.15, 0.2, 0.55));
  return s.toString();
}

// ── People ────────────────────────────────────────────────────────────────────────────────────────
export interface Person {
  skin: string;
  hair: string;
  style: "short" | "curly" | "bun" | "toque" | "wavy";
  outfit: string;
  chef?: boolean;
  glasses?: boolean;
  beard?: boolean;
  bg: [string, string];
  earrings?: boolean;
}
export function portrait(seed: string, p: Person, w = 900, h = 1125) {
  const s = new Svg(w, h);
  const rng = rngFrom(seed);
  s.add(rect(0, 0, w, h, `fill="${s.linear([[0, p.bg[0]], [1, p.bg[1]]], 0, 0, 0.6, 1)}"`));
  for (let i = 0; i < 14; i++) s.add(circle(rng.range(0, w), rng.range(0, h * 0.7), rng.range(w * 0.03, w * 0.09), `fill="${rng.pick(["#ffcf86", "#f2a94a", "#fff2d6"])}" opacity="${f(rng.range(0.08, 0.3))}" filter="${s.blur(Math.round(w * 0.012))}"`));
  const cx = w / 2;
  const hy = h * 0.43;
  const rx = w * 0.16;
  const ry = w * 0.205;
  const skinFill = s.radial([[0, lighten(p.skin, 0.12)], [0.7, p.skin], [1, darken(p.skin, 0.22)]], 0.4, 0.38, 0.7);
  // shoulders and outfit
  const sh = `M${f(w * 0.04)} ${f(h)}C${f(w * 0.06)} ${f(h * 0.78)} ${f(w * 0.2)} ${f(h * 0.7)} ${f(cx - rx * 0.6)} ${f(h * 0.66)}L${f(cx + rx * 0.6)} ${f(h * 0.66)}C${f(w * 0.8)} ${f(h * 0.7)} ${f(w * 0.94)} ${f(h * 0.78)} ${f(w * 0.96)} ${f(h)}Z`;
  s.add(rect(cx - rx * 0.45, hy + ry * 0.6, rx * 0.9, h * 0.2, `fill="${darken(p.skin, 0.12)}"`));
  s.add(path(sh, `fill="${s.linear([[0, lighten(p.outfit, 0.12)], [1, darken(p.outfit, 0.25)]], 0, 0, 1, 1)}"`));
  if (p.chef) {
    s.add(path(`M${f(cx - rx * 0.75)} ${f(h * 0.655)}L${f(cx + rx * 0.2)} ${f(h * 0.82)}L${f(cx + rx * 0.85)} ${f(h * 0.66)}`, `fill="none" stroke="#d9d4cb" stroke-width="6"`));
    s.add(path(`M${f(cx + rx * 0.2)} ${f(h * 0.82)}L${f(cx + rx * 0.2)} ${f(h)}`, `stroke="#d2ccc1" stroke-width="4"`));
    for (let i = 0; i < 3; i++) for (const dx of [-0.45, 0.85]) s.add(circle(cx + rx * dx, h * (0.78 + i * 0.08), w * 0.012, `fill="#2a2622"`));
    s.add(path(`M${f(cx - rx * 0.6)} ${f(h * 0.66)}Q${f(cx)} ${f(h * 0.72)} ${f(cx + rx * 0.6)} ${f(h * 0.66)}L${f(cx + rx * 0.62)} ${f(h * 0.63)}Q${f(cx)} ${f(h * 0.69)} ${f(cx - rx * 0.62)} ${f(h * 0.63)}Z`, `fill="#f4f1ea"`));
    s.add(rect(cx - w * 0.34, h * 0.86, w * 0.16, w * 0.04, `rx="4" fill="${P.tomato}" opacity=".0"`));
  } else {
    s.add(path(`M${f(cx - rx * 0.55)} ${f(h * 0.66)}L${f(cx)} ${f(h * 0.76)}L${f(cx + rx * 0.55)} ${f(h * 0.66)}`, `fill="${darken(p.skin, 0.05)}"`));
  }
  // hair behind head
  if (p.style === "curly") for (let i = 0; i < 22; i++) {
    const a = Math.PI * (0.95 + (i / 21) * 1.1);
    s.add(circle(cx + Math.cos(a) * rx * 1.15, hy + Math.sin(a) * ry * 1.0 + ry * 0.15, rx * rng.range(0.28, 0.38), `fill="${s.shade(p.hair, 0.2)}"`));
  }
  if (p.style === "wavy") s.add(path(`M${f(cx - rx * 1.2)} ${f(hy + ry * 1.3)}C${f(cx - rx * 1.5)} ${f(hy - ry * 0.5)} ${f(cx - rx * 0.8)} ${f(hy - ry * 1.35)} ${f(cx)} ${f(hy - ry * 1.15)}C${f(cx + rx * 0.8)} ${f(hy - ry * 1.35)} ${f(cx + rx * 1.5)} ${f(hy - ry * 0.5)} ${f(cx + rx * 1.2)} ${f(hy + ry * 1.3)}Z`, `fill="${s.shade(p.hair, 0.15)}"`));
  // ears, head
  s.add(ellipse(cx - rx * 0.98, hy + ry * 0.1, rx * 0.2, ry * 0.24, `fill="${darken(p.skin, 0.06)}"`) + ellipse(cx + rx * 0.98, hy + ry * 0.1, rx * 0.2, ry * 0.24, `fill="${darken(p.skin, 0.06)}"`));
  if (p.earrings) s.add(circle(cx - rx * 0.98, hy + ry * 0.32, w * 0.012, `fill="${P.gold}"`) + circle(cx + rx * 0.98, hy + ry * 0.32, w * 0.012, `fill="${P.gold}"`));
  const head = `M${f(cx)} ${f(hy - ry)}C${f(cx + rx * 0.75)} ${f(hy - ry)} ${f(cx + rx)} ${f(hy - ry * 0.5)} ${f(cx + rx)} ${f(hy)}C${f(cx + rx)} ${f(hy + ry * 0.65)} ${f(cx + rx * 0.45)} ${f(hy + ry)} ${f(cx)} ${f(hy + ry)}C${f(cx - rx * 0.45)} ${f(hy + ry)} ${f(cx - rx)} ${f(hy + ry * 0.65)} ${f(cx - rx)} ${f(hy)}C${f(cx - rx)} ${f(hy - ry * 0.5)} ${f(cx - rx * 0.75)} ${f(hy - ry)} ${f(cx)} ${f(hy - ry)}Z`;
  s.add(path(head, `fill="${skinFill}"`));
  // face
  const ey = hy + ry * 0.05;
  const ex = rx * 0.4;
  const dark = darken(p.skin, 0.6);
  s.add(path(`M${f(cx - ex - rx * 0.13)} ${f(ey)}q${f(rx * 0.13)} ${f(-ry * 0.09)} ${f(rx * 0.26)} 0M${f(cx + ex - rx * 0.13)} ${f(ey)}q${f(rx * 0.13)} ${f(-ry * 0.09)} ${f(rx * 0.26)} 0`, `fill="none" stroke="${dark}" stroke-width="${f(w * 0.008)}" stroke-linecap="round"`));
  s.add(path(`M${f(cx - ex - rx * 0.17)} ${f(ey - ry * 0.16)}q${f(rx * 0.17)} ${f(-ry * 0.08)} ${f(rx * 0.32)} ${f(-ry * 0.01)}M${f(cx + ex + rx * 0.17)} ${f(ey - ry * 0.16)}q${f(-rx * 0.17)} ${f(-ry * 0.08)} ${f(-rx * 0.32)} ${f(-ry * 0.01)}`, `fill="none" stroke="${darken(p.hair, 0.1)}" stroke-width="${f(w * 0.011)}" stroke-linecap="round"`));
  s.add(path(`M${f(cx + rx * 0.02)} ${f(ey + ry * 0.05)}q${f(rx * 0.09)} ${f(ry * 0.2)} ${f(-rx * 0.06)} ${f(ry * 0.24)}`, `fill="none" stroke="${darken(p.skin, 0.3)}" stroke-width="${f(w * 0.006)}" stroke-linecap="round"`));
  s.add(path(`M${f(cx - rx * 0.3)} ${f(hy + ry * 0.48)}Q${f(cx)} ${f(hy + ry * 0.7)} ${f(cx + rx * 0.3)} ${f(hy + ry * 0.48)}Q${f(cx)} ${f(hy + ry * 0.58)} ${f(cx - rx * 0.3)} ${f(hy + ry * 0.48)}Z`, `fill="#fbf6ee" stroke="${darken(p.skin, 0.45)}" stroke-width="${f(w * 0.006)}" stroke-linejoin="round"`));
  s.add(circle(cx - rx * 0.55, hy + ry * 0.35, rx * 0.16, `fill="#e0705a" opacity=".18"`) + circle(cx + rx * 0.55, hy + ry * 0.35, rx * 0.16, `fill="#e0705a" opacity=".18"`));
  if (p.beard) s.add(path(`M${f(cx - rx * 0.98)} ${f(hy + ry * 0.1)}C${f(cx - rx * 0.9)} ${f(hy + ry * 1.2)} ${f(cx + rx * 0.9)} ${f(hy + ry * 1.2)} ${f(cx + rx * 0.98)} ${f(hy + ry * 0.1)}C${f(cx + rx * 0.7)} ${f(hy + ry * 0.6)} ${f(cx + rx * 0.35)} ${f(hy + ry * 0.38)} ${f(cx)} ${f(hy + ry * 0.4)}C${f(cx - rx * 0.35)} ${f(hy + ry * 0.38)} ${f(cx - rx * 0.7)} ${f(hy + ry * 0.6)} ${f(cx - rx * 0.98)} ${f(hy + ry * 0.1)}Z`, `fill="${s.shade(p.hair, 0.15)}"`) +
    path(`M${f(cx - rx * 0.22)} ${f(hy + ry * 0.53)}Q${f(cx)} ${f(hy + ry * 0.66)} ${f(cx + rx * 0.22)} ${f(hy + ry * 0.53)}`, `stroke="#f4ece0" stroke-width="${f(w * 0.006)}" fill="none" stroke-linecap="round"`));
  if (p.glasses) s.add(path(`M${f(cx - ex - rx * 0.24)} ${f(ey - ry * 0.02)}a${f(rx * 0.24)} ${f(ry * 0.17)} 0 1 0 ${f(rx * 0.48)} 0a${f(rx * 0.24)} ${f(ry * 0.17)} 0 1 0 ${f(-rx * 0.48)} 0M${f(cx + ex - rx * 0.24)} ${f(ey - ry * 0.02)}a${f(rx * 0.24)} ${f(ry * 0.17)} 0 1 0 ${f(rx * 0.48)} 0a${f(rx * 0.24)} ${f(ry * 0.17)} 0 1 0 ${f(-rx * 0.48)} 0M${f(cx - ex + rx * 0.24)} ${f(ey - ry * 0.04)}h${f(ex * 2 - rx * 0.48)}`, `fill="none" stroke="#1d1a17" stroke-width="${f(w * 0.008)}"`));
  // hair on top
  const cap = `M${f(cx - rx * 1.06)} ${f(hy + ry * 0.05)}C${f(cx - rx * 1.2)} ${f(hy - ry * 1.45)} ${f(cx + rx * 1.2)} ${f(hy - ry * 1.5)} ${f(cx + rx * 1.06)} ${f(hy + ry * 0.05)}C${f(cx + rx * 0.9)} ${f(hy - ry * 0.45)} ${f(cx + rx * 0.2)} ${f(hy - ry * 0.62)} ${f(cx - rx * 0.3)} ${f(hy - ry * 0.55)}C${f(cx - rx * 0.7)} ${f(hy - ry * 0.5)} ${f(cx - rx * 0.95)} ${f(hy - ry * 0.3)} ${f(cx - rx * 1.04)} ${f(hy + ry * 0.05)}Z`;
  if (p.style === "short" || p.style === "bun" || p.style === "wavy") s.add(path(cap, `fill="${s.shade(p.hair, 0.18)}"`));
  if (p.style === "bun") s.add(circle(cx + rx * 0.1, hy - ry * 1.12, rx * 0.42, `fill="${s.shade(p.hair, 0.2)}"`));
  if (p.style === "curly") for (let i = 0; i < 12; i++) {
    const a = Math.PI * (1.1 + (i / 11) * 0.8);
    s.add(circle(cx + Math.cos(a) * rx * 0.85, hy + Math.sin(a) * ry * 0.85, rx * rng.range(0.25, 0.32), `fill="${s.shade(p.hair, 0.22)}"`));
  }
  if (p.style === "toque") {
    s.add(path(cap, `fill="${s.shade(p.hair, 0.18)}"`));
    const tb = hy - ry * 0.5;
    const white = s.linear([[0, "#fbf9f4"], [0.7, "#e9e4da"], [1, "#cfc8ba"]], 0, 0, 1, 0);
    s.add(path(`M${f(cx - rx * 0.95)} ${f(tb - ry * 0.4)}L${f(cx - rx * 1.2)} ${f(tb - ry * 1.15)}L${f(cx + rx * 1.2)} ${f(tb - ry * 1.15)}L${f(cx + rx * 0.95)} ${f(tb - ry * 0.4)}Z`, `fill="${white}"`));
    for (const [dx, dy, r] of [[-0.8, -1.2, 0.5], [0.8, -1.2, 0.5], [-0.35, -1.38, 0.58], [0.35, -1.38, 0.58]] as const)
      s.add(circle(cx + rx * dx, tb + ry * dy, rx * r, `fill="${s.shade("#f7f4ee", 0.1)}"`));
    s.add(path(`M${f(cx - rx * 0.5)} ${f(tb - ry * 0.42)}L${f(cx - rx * 0.62)} ${f(tb - ry * 1.0)}M${f(cx)} ${f(tb - ry * 0.42)}V${f(tb - ry * 1.05)}M${f(cx + rx * 0.5)} ${f(tb - ry * 0.42)}L${f(cx + rx * 0.62)} ${f(tb - ry * 1.0)}`, `stroke="#d5cec0" stroke-width="3" stroke-linecap="round"`));
    s.add(rect(cx - rx * 1.0, tb - ry * 0.45, rx * 2, ry * 0.48, `rx="${f(rx * 0.08)}" fill="${white}"`));
    s.add(path(`M${f(cx - rx)} ${f(tb)}h${f(rx * 2)}`, `stroke="#000" stroke-opacity=".15" stroke-width="4"`));
  }
  s.add(rect(0, 0, w, h, `fill="${s.radial([[0, "#ffd9a0", 0.18], [1, "#ffd9a0", 0]], 0.2, 0.2, 0.8)}"`));
  s.add(rect(0, 0, w, h, `fill="${s.radial([[0.55, "#000", 0], [1, "#000", 0.5]], 0.5, 0.45, 0.75)}"`));
  return s.toString();
}

export function chefCooking() {
  const w = 1200, h = 900;
  const s = new Svg(w, h);
  const rng = rngFrom("chefCooking");
  s.add(rect(0, 0, w, h, `fill="${s.linear([[0, "#2b231c"], [1, "#0f0d0b"]])}"`));
  for (let i = 0; i < 12; i++) s.add(circle(rng.range(0, w), rng.range(0, h * 0.5), rng.range(20, 60), `fill="#ffc47a" opacity="${f(rng.range(0.06, 0.2))}" filter="${s.blur(12)}"`));
  // tiled splashback
  let tiles = "";
  for (let y = 0; y < h * 0.55; y += 60) for (let x = (y / 60) % 2 ? -60 : 0; x < w; x += 120) tiles += `M${x} ${y}h118v58h-118Z`;
  s.add(path(tiles, `fill="none" stroke="#fff" stroke-opacity=".05" stroke-width="2"`));
  // stove
  s.add(rect(0, h * 0.7, w, h * 0.3, `fill="${s.linear([[0, "#3a3835"], [0.1, "#1d1c1b"], [1, "#121110"]])}"`));
  s.add(ellipse(w * 0.5, h * 0.72, 210, 22, `fill="#0b0a09"`));
  // flames
  for (let i = 0; i < 13; i++) {
    const x = w * 0.5 + (i - 6) * 30;
    const fh = 70 + Math.sin(i * 1.7) * 22 + rng.range(0, 20);
    s.add(path(`M${f(x - 14)} ${f(h * 0.72)}Q${f(x - 10)} ${f(h * 0.72 - fh * 0.6)} ${f(x + rng.jitter(0, 6))} ${f(h * 0.72 - fh)}Q${f(x + 10)} ${f(h * 0.72 - fh * 0.6)} ${f(x + 14)} ${f(h * 0.72)}Z`, `fill="${s.linear([[0, "#fff1b0"], [0.4, "#ffab3a"], [1, "#3a6cff", 0.8]], 0, 0, 0, 1)}" opacity=".9"`));
  }
  s.add(ellipse(w * 0.5, h * 0.66, 300, 90, `fill="#ff9a2a" opacity=".25" filter="${s.blur(40)}"`));
  // pan (side view, tilted)
  s.add(g(tr(w * 0.47, h * 0.6, -6),
    path(`M${f(230)} -10L${f(520)} -60L${f(525)} -38L${f(235)} 14Z`, `fill="${s.linear([[0, "#3a2a1c"], [1, "#1a120a"]])}"`),
    path(`M-250 -20L250 -20L215 50Q210 62 190 62L-190 62Q-210 62 -215 50Z`, `fill="${s.linear([[0, "#4a4a4c"], [0.3, "#2a2a2b"], [1, "#0e0e0f"]])}"`),
    ellipse(0, -20, 250, 30, `fill="#19191a"`),
    ellipse(0, -22, 230, 22, `fill="#2c2b2a"`)));
  // tossed vegetables arcing above the pan
  for (let i = 0; i < 26; i++) {
    const t = i / 25;
    const x = w * 0.32 + t * w * 0.34 + rng.jitter(0, 30);
    const y = h * 0.52 - Math.sin(t * Math.PI) * h * 0.3 + rng.jitter(0, 25);
    const c = rng.pick(["#c8402c", "#e8b730", "#4f8a2e", "#d66a23", "#7fa650", "#f2efe4"]);
    s.add(rng.next() > 0.4 ? cube(s, x, y, rng.range(16, 28), rng.range(0, 90), c) : chunk(s, rng, x, y, rng.range(9, 15), c));
  }
  let steam = "";
  for (let i = 0; i < 5; i++) steam += `M${f(w * 0.4 + i * 50)} ${f(h * 0.5)}c-30 -60 40 -100 0 -170s30 -120 0 -180`;
  s.add(path(steam, `stroke="#fff" stroke-opacity=".12" stroke-width="26" fill="none" stroke-linecap="round" filter="${s.blur(14)}"`));
  s.add(lighting(s, 0.5, 0.7, 0.16, 0.6));
  return s.toString();
}

// ── Products ──────────────────────────────────────────────────────────────────────────────────────
function emblem(_s: Svg, cx: number, cy: number, r: number, color: string) {
  return circle(cx, cy, r, `fill="none" stroke="${color}" stroke-width="${f(r * 0.05)}"`) +
    circle(cx, cy, r * 0.82, `fill="none" stroke="${color}" stroke-width="${f(r * 0.015)}"`) +
    g(tr(cx, cy), path(`M${f(-r * 0.42)} ${f(r * 0.4)}C${f(-r * 0.5)} ${f(-r * 0.1)} ${f(-r * 0.1)} ${f(-r * 0.45)} ${f(r * 0.05)} ${f(-r * 0.55)}C${f(r * 0.05)} ${f(-r * 0.2)} ${f(r * 0.4)} ${f(-r * 0.05)} ${f(r * 0.3)} ${f(r * 0.25)}C${f(r * 0.22)} ${f(r * 0.45)} ${f(-r * 0.1)} ${f(r * 0.5)} ${f(-r * 0.42)} ${f(r * 0.4)}Z`, `fill="${color}"`),
      path(`M${f(-r * 0.35)} ${f(r * 0.33)}C${f(-r * 0.1)} ${f(r * 0.05)} ${f(0)} ${f(-r * 0.15)} ${f(r * 0.03)} ${f(-r * 0.42)}`, `stroke="${darken(color, 0.5)}" stroke-width="${f(r * 0.03)}" fill="none" stroke-linecap="round"`));
}
export function cookbookCover() {
  const w = 800, h = 1040;
  const s = new Svg(w, h);
  s.add(rect(0, 0, w, h, `fill="${s.linear([[0, "#24473a"], [1, "#0f2219"]], 0, 0, 1, 1)}"`));
  s.add(rect(0, 0, w, h, `filter="${s.grain(0.9, 0.9, 3, 2)}" opacity=".12"`));
  s.add(rect(0, 0, 46, h, `fill="${s.linear([[0, "#000", 0.5], [0.7, "#000", 0.15], [1, "#fff", 0.06]], 0, 0, 1, 0)}"`));
  s.add(rect(90, 70, w - 150, h - 140, `fill="none" stroke="${P.gold}" stroke-width="3"`) + rect(104, 84, w - 178, h - 168, `fill="none" stroke="${P.gold}" stroke-width="1" stroke-opacity=".6"`));
  const gold = s.linear([[0, "#f1d88a"], [0.5, "#c9a24a"], [1, "#8f6c22"]], 0, 0, 1, 1);
  s.add(`<text x="${w / 2 + 18}" y="250" text-anchor="middle" ${SANS} font-size="24" letter-spacing="10" fill="${gold}">THE COOKBOOK</text>`);
  s.add(`<text x="${w / 2 + 18}" y="400" text-anchor="middle" ${SERIF} font-size="150" letter-spacing="14" fill="${gold}">FEVA</text>`);
  s.add(emblem(s, w / 2 + 18, 620, 130, "#d2ad56"));
  s.add(`<text x="${w / 2 + 18}" y="850" text-anchor="middle" ${SERIF} font-style="italic" font-size="32" fill="${gold}">Recipes, techniques &amp; stories</text>`);
  s.add(`<text x="${w / 2 + 18}" y="905" text-anchor="middle" ${SANS} font-size="18" letter-spacing="6" fill="${gold}" opacity=".8">FROM A PRIVATE CHEF'S KITCHEN</text>`);
  s.add(rect(0, 0, w, h, `fill="${s.radial([[0, "#fff", 0.1], [1, "#fff", 0]], 0.3, 0.2, 0.7)}"`));
  s.add(rect(0, 0, w, h, `fill="${s.radial([[0.6, "#000", 0], [1, "#000", 0.35]], 0.5, 0.5, 0.8)}"`));
  return s.toString();
}
export function albumCover() {
  const w = 1000, h = 1000;
  const s = new Svg(w, h);
  const rng = rngFrom("album");
  s.add(rect(0, 0, w, h, `fill="${s.linear([[0, "#2a1712"], [1, "#120c0a"]], 0, 0, 1, 1)}"`));
  const cols = ["#f2c14e", "#e8923a", "#d4622e", "#c8402c", "#8f2a1d", "#4a1a14"];
  for (let i = cols.length - 1; i >= 0; i--) s.add(circle(w * 0.5, h * 0.62, 80 + i * 70, `fill="${cols[i]}"`));
  s.add(rect(0, h * 0.62, w, h * 0.38, `fill="${s.linear([[0, "#140d0b"], [1, "#0a0706"]])}"`));
  let wave = "";
  for (let i = 0; i < 9; i++) {
    const y = h * 0.66 + i * 30;
    wave += `M0 ${f(y)}`;
    for (let x = 0; x <= w; x += 50) wave += `L${x} ${f(y + Math.sin(x / 60 + i) * (14 - i) * rng.range(0.6, 1))}`;
  }
  s.add(path(wave, `fill="none" stroke="${P.saffron}" stroke-opacity=".35" stroke-width="2"`));
  s.add(`<text x="${w / 2}" y="150" text-anchor="middle" ${SERIF} font-size="120" letter-spacing="24" fill="#f3e8d3">FEVA</text>`);
  s.add(`<text x="${w / 2}" y="210" text-anchor="middle" ${SANS} font-size="28" letter-spacing="16" fill="#f3e8d3" opacity=".8">THE SOUNDTRACK</text>`);
  s.add(`<text x="${w / 2}" y="${h - 70}" text-anchor="middle" ${SANS} font-size="20" letter-spacing="8" fill="${P.saffron}" opacity=".8">MUSIC TO COOK BY</text>`);
  s.add(rect(0, 0, w, h, `filter="${s.grain(0.8, 0.8, 7, 2)}" opacity=".1"`));
  return s.toString();
}
export function jar(s: Svg, cx: number, bottom: number, w: number, hgt: number) {
  const top = bottom - hgt;
  const body = `M${f(cx - w / 2)} ${f(top + hgt * 0.14)}Q${f(cx - w / 2)} ${f(top + hgt * 0.08)} ${f(cx - w * 0.4)} ${f(top + hgt * 0.08)}L${f(cx + w * 0.4)} ${f(top + hgt * 0.08)}Q${f(cx + w / 2)} ${f(top + hgt * 0.08)} ${f(cx + w / 2)} ${f(top + hgt * 0.14)}L${f(cx + w / 2)} ${f(bottom - 20)}Q${f(cx + w / 2)} ${f(bottom)} ${f(cx + w / 2 - 20)} ${f(bottom)}L${f(cx - w / 2 + 20)} ${f(bottom)}Q${f(cx - w / 2)} ${f(bottom)} ${f(cx - w / 2)} ${f(bottom - 20)}Z`;
  const clip = s.clip(`jar${cx}`, `<path d="${body}"/>`);
  const gold = s.linear([[0, "#e9cc7a"], [0.5, "#c9a24a"], [1, "#9c7a2e"]], 0, 0, 1, 0);
  return ellipse(cx, bottom, w * 0.6, 18, `fill="#000" opacity=".6" filter="${s.blur(14)}"`) +
    g(`clip-path="${clip}"`,
      rect(cx - w, top, w * 2, hgt, `fill="${s.linear([[0, "#7a3a18"], [1, "#4a2210"]])}"`),
      rect(cx - w, top, w * 2, hgt, `filter="${s.speckle("#e0b24a", 0.35, 0.4, 5)}"`),
      rect(cx - w, top, w * 2, hgt, `filter="${s.speckle("#2a5a22", 0.4, 0.18, 8)}"`),
      rect(cx - w / 2, top + hgt * 0.36, w, hgt * 0.4, `fill="${s.linear([[0, "#1b1916"], [1, "#2a2622"]])}"`),
      rect(cx - w / 2, top + hgt * 0.38, w, hgt * 0.36, `fill="none" stroke="${gold}" stroke-width="3"`),
      rect(cx - w / 2, top, w * 0.16, hgt, `fill="#fff" opacity=".16"`),
      rect(cx + w * 0.3, top, w * 0.05, hgt, `fill="#fff" opacity=".08"`),
      rect(cx - w / 2, top, w, hgt, `fill="${s.linear([[0, "#000", 0.35], [0.3, "#000", 0], [0.75, "#000", 0], [1, "#000", 0.45]], 0, 0, 1, 0)}"`)) +
    `<text x="${f(cx)}" y="${f(top + hgt * 0.53)}" text-anchor="middle" ${SERIF} font-size="${f(w * 0.2)}" letter-spacing="${f(w * 0.03)}" fill="${gold}">FEVA</text>` +
    `<text x="${f(cx)}" y="${f(top + hgt * 0.61)}" text-anchor="middle" ${SANS} font-size="${f(w * 0.052)}" letter-spacing="${f(w * 0.012)}" fill="#f3e8d3">ALL-PURPOSE</text>` +
    `<text x="${f(cx)}" y="${f(top + hgt * 0.67)}" text-anchor="middle" ${SANS} font-size="${f(w * 0.052)}" letter-spacing="${f(w * 0.012)}" fill="#f3e8d3">SEASONING</text>` +
    rect(cx - w * 0.46, top, w * 0.92, hgt * 0.1, `rx="8" fill="${s.linear([[0, "#2a2622"], [0.2, "#4a443d"], [0.5, "#1c1a17"], [1, "#0e0d0c"]], 0, 0, 1, 0)}"`) +
    path(`M${f(cx - w * 0.44)} ${f(top + hgt * 0.035)}h${f(w * 0.88)}M${f(cx - w * 0.44)} ${f(top + hgt * 0.065)}h${f(w * 0.88)}`, `stroke="#fff" stroke-opacity=".08" stroke-width="2"`);
}
export function seasoningJar() {
  const w = 900, h = 900;
  const s = new Svg(w, h);
  const rng = rngFrom("seasoningJar");
  s.add(rect(0, 0, w, h * 0.7, `fill="${s.radial([[0, "#3a2a1c"], [1, "#14100c"]], 0.5, 0.4, 0.7)}"`));
  s.add(rect(0, h * 0.7, w, h * 0.3, `fill="${s.linear([[0, "#3b2a1e"], [1, "#1a130d"]])}"`) + rect(0, h * 0.7, w, h * 0.3, `filter="${s.grain(0.004, 0.1, 3, 3)}" opacity=".2"`));
  s.add(jar(s, w * 0.5, h * 0.8, 330, 470));
  for (let i = 0; i < 26; i++) {
    const x = rng.range(w * 0.05, w * 0.95);
    const y = rng.range(h * 0.78, h * 0.97);
    if (Math.abs(x - w / 2) < 180 && y < h * 0.84) continue;
    s.add(circle(x, y, rng.range(5, 9), `fill="${s.shade("#2a1d14", 0.35)}"`));
  }
  s.add(leaf(s, w * 0.13, h * 0.88, 120, -20, "#3d6b2a", 0.35) + leaf(s, w * 0.16, h * 0.9, 100, -50, P.herb, 0.35) + leaf(s, w * 0.8, h * 0.86, 110, 200, P.herb, 0.35));
  s.add(g(tr(w * 0.84, h * 0.9, -20), path(`M0 0C40 -10 90 -8 130 6C90 14 40 14 0 0Z`, `fill="${s.shade(P.tomato, 0.3)}"`), path(`M0 0l-20 -8`, `stroke="#3f6b2a" stroke-width="6" stroke-linecap="round"`)));
  s.add(lighting(s, 0.35, 0.2, 0.22, 0.5));
  return s.toString();
}

// ── Cookbook spreads ──────────────────────────────────────────────────────────────────────────────
export function cookbookPeek(seed: string, dish: string, variant: "recipe" | "technique" | "notes" | "chapter") {
  const w = 1200, h = 900;
  const s = new Svg(w, h);
  const rng = rngFrom(seed);
  s.add(surface(s, "walnut", rng.int(1, 40)));
  const bx = 90, by = 110, bw = w - 180, bh = h - 200;
  s.add(rect(bx + 14, by + 24, bw, bh, `fill="#000" opacity=".6" filter="${s.blur(18)}"`));
  s.add(rect(bx - 8, by - 8, bw + 16, bh + 16, `rx="6" fill="#1f3b2c"`));
  s.add(rect(bx, by, bw / 2, bh, `fill="${s.linear([[0, "#f4ecdb"], [0.9, "#e9dfc8"], [1, "#cfc3a8"]], 0, 0, 1, 0)}"`));
  s.add(rect(bx + bw / 2, by, bw / 2, bh, `fill="${s.linear([[0, "#cfc3a8"], [0.08, "#ece3cd"], [1, "#f4ecdb"]], 0, 0, 1, 0)}"`));
  const ink = "#3a3129";
  const lx = bx + 50, rx0 = bx + bw / 2 + 50, pw = bw / 2 - 100;
  const photo = (x: number, y: number, pw2: number, ph: number) => {
    const sub = new Svg(pw2, ph);
    const clip = s.clip(`pc${x}${y}`, rect(x, y, pw2, ph));
    return g(`clip-path="${clip}"`, rect(x, y, pw2, ph, `fill="#231a13"`), g(tr(x + pw2 / 2, y + ph / 2), dishes[dish]!(s, rng, 0, 0, Math.min(pw2, ph) * 0.42))) + (sub ? "" : "");
  };
  if (variant === "chapter") {
    s.add(rect(bx, by, bw / 2, bh, `fill="#1d2a22"`));
    s.add(photo(bx + 30, by + 30, bw / 2 - 60, bh - 60));
    s.add(`<text x="${rx0}" y="${by + 150}" ${SERIF} font-size="64" fill="${ink}">Desserts</text>`);
    s.add(rect(rx0, by + 180, 80, 4, `fill="${P.gold}"`));
    s.add(textLines(rx0, by + 240, pw, 9, 30, "#9b8f7c", rng));
    for (let i = 0; i < 4; i++) s.add(raspberrySmall(s, rx0 + pw - 40 - i * 30, by + bh - 80 + (i % 2) * 12));
  } else if (variant === "technique") {
    s.add(`<text x="${lx}" y="${by + 80}" ${SERIF} font-size="44" fill="${ink}">Knife skills</text>`);
    s.add(textLines(lx, by + 120, pw, 5, 26, "#9b8f7c", rng));
    for (let i = 0; i < 3; i++) {
      const px = rx0 + (i % 2) * (pw / 2 + 10);
      const py = by + 40 + i * 190;
      s.add(rect(px, py, pw / 2 - 10, 170, `fill="#2a1f17"`));
      s.add(g(`clip-path="${s.clip(`tk${i}`, rect(px, py, pw / 2 - 10, 170))}"`, board(s, px + 10, py + 20, pw / 2 - 30, 130), ...Array.from({ length: 3 + i * 3 }, (_, k) => cube(s, px + 40 + (k % 5) * 34, py + 60 + Math.floor(k / 5) * 40, 22 - i * 4, rng.range(0, 40), ["#e8842a", "#c8402c", "#7fa650"][i]!))));
      s.add(`<text x="${px + 14}" y="${py + 160}" ${SANS} font-size="20" fill="#f3e8d3">${i + 1}</text>`);
    }
    s.add(textLines(lx, by + 330, pw, 10, 26, "#9b8f7c", rng));
  } else {
    s.add(photo(lx - 20, by + 40, pw + 40, bh * 0.62));
    s.add(`<text x="${rx0}" y="${by + 90}" ${SERIF} font-size="44" fill="${ink}">${variant === "notes" ? "Summer salad" : "Seared fish"}</text>`);
    s.add(rect(rx0, by + 115, 60, 3, `fill="${P.gold}"`));
    s.add(textLines(rx0, by + 160, pw * 0.5, 7, 26, "#9b8f7c", rng));
    s.add(textLines(rx0, by + 370, pw, 7, 26, "#9b8f7c", rng));
    s.add(textLines(lx, by + bh * 0.62 + 90, pw, 5, 26, "#9b8f7c", rng));
    if (variant === "notes") s.add(g(tr(rx0 + pw * 0.55, by + 170, -6), textLines(0, 0, pw * 0.42, 5, 30, "#a2341f", rng, true)));
  }
  s.add(rect(bx + bw / 2 - 30, by, 60, bh, `fill="${s.linear([[0, "#000", 0], [0.5, "#000", 0.22], [1, "#000", 0]], 0, 0, 1, 0)}"`));
  s.add(lighting(s, 0.3, 0.2, 0.18, 0.55));
  return s.toString();
}
function raspberrySmall(s: Svg, x: number, y: number) {
  return circle(x, y, 12, `fill="${s.shade("#b81f40", 0.3)}"`);
}

// ── Scenes built from several elements ────────────────────────────────────────────────────────────
export type SceneKind =
  | "privateChef" | "catering" | "cookingClass" | "mealPrep" | "consultation" | "training"
  | "dinner" | "birthday" | "corporate"
  | "panChicken" | "roastTray" | "grillShrimp" | "riceBeans" | "juiceBar" | "dessertBuild" | "saucePot";
export function scene(seed: string, kind: SceneKind, w = 1200, h = 800) {
  const s = new Svg(w, h);
  const rng = rngFrom(seed);
  const m = Math.min(w, h);
  const D = dishes;
  switch (kind) {
    case "privateChef": {
      s.add(surface(s, "greenLinen", 2));
      s.add(D.salmon!(s, rng, w * 0.3, h * 0.55, m * 0.3) + D.beefTenderloin!(s, rng, w * 0.72, h * 0.45, m * 0.3));
      s.add(wineGlassTop(s, w * 0.48, h * 0.18, m * 0.08) + wineGlassTop(s, w * 0.55, h * 0.85, m * 0.08) + candle(s, w * 0.52, h * 0.5, m * 0.04) + cutlery(s, w * 0.06, h * 0.3, m * 0.5, -4) + cutlery(s, w * 0.9, h * 0.3, m * 0.5, 4));
      break;
    }
    case "catering":
    case "corporate": {
      s.add(surface(s, kind === "catering" ? "walnut" : "marble", 3));
      const names = ["capreseSkewers", "tunaTartare", "crabCakes", "roastedVeg", "beetCarpaccio", "shrimpGrits"];
      for (let i = 0; i < (kind === "catering" ? 5 : 3); i++) {
        const x = w * (0.18 + (i % 3) * 0.32) + (i > 2 ? w * 0.16 : 0);
        const y = h * (i > 2 ? 0.75 : 0.3);
        const nm = kind === "catering" ? names[(i + 2) % names.length]! : "capreseSkewers";
        s.add(D[nm]!(s, rng, x, kind === "corporate" ? h * (0.25 + i * 0.3) - (i === 1 ? 0 : 0) : y, kind === "corporate" ? m * 0.26 : m * 0.24));
        if (kind === "corporate" && i === 2) break;
      }
      if (kind === "corporate") s.add(wineGlassTop(s, w * 0.88, h * 0.2, m * 0.06, "#d9c37a") + wineGlassTop(s, w * 0.12, h * 0.82, m * 0.06, "#d9c37a"));
      break;
    }
    case "cookingClass":
    case "training": {
      s.add(surface(s, kind === "training" ? "steel" : "oak", 5));
      s.add(board(s, w * 0.18, h * 0.16, w * 0.56, h * 0.62, "wood", -3));
      s.add(g(tr(w * 0.62, h * 0.24, 150), path(`M0 0h${f(m * 0.18)}v${f(m * 0.05)}h${f(-m * 0.18)}Z`, `fill="#1b1916"`), path(`M${f(m * 0.18)} ${f(-m * 0.01)}L${f(m * 0.62)} ${f(m * 0.01)}Q${f(m * 0.6)} ${f(m * 0.08)} ${f(m * 0.18)} ${f(m * 0.07)}Z`, `fill="${s.linear([[0, "#eeeeec"], [1, "#8e9094"]])}"`)));
      for (let i = 0; i < 14; i++) s.add(cube(s, w * 0.3 + rng.jitter(0, w * 0.08), h * 0.55 + rng.jitter(0, h * 0.1), m * 0.04, rng.range(0, 90), rng.pick(["#e8842a", "#f2efe4", "#c8402c"])));
      s.add(herbs(s, rng, w * 0.5, h * 0.58, m * 0.08, 16, m * 0.035));
      s.add(cherryTomato(s, w * 0.84, h * 0.7, m * 0.05) + cherryTomato(s, w * 0.9, h * 0.62, m * 0.045) + lemonHalf(s, w * 0.86, h * 0.38, m * 0.07));
      if (kind === "training") {
        for (let i = 0; i < 2; i++) s.add(plate(s, w * (0.12 + i * 0.0), h * (0.3 + i * 0.45), m * 0.12, "bowl"));
        s.add(g(tr(w * 0.9, h * 0.18, 100), path(`M0 0L${f(m * 0.25)} 0`, `stroke="#8e9094" stroke-width="10" stroke-linecap="round"`), ...[0.1, 0.2, 0.3].map((k) => ellipse(m * (0.35 + 0), 0, m * 0.1, m * k * 0.2, `fill="none" stroke="#c9cbce" stroke-width="3"`))));
      }
      break;
    }
    case "mealPrep": {
      s.add(surface(s, "slate", 6));
      for (let i = 0; i < 6; i++) {
        const x = w * (0.2 + (i % 3) * 0.3);
        const y = h * (0.3 + Math.floor(i / 3) * 0.42);
        const cw = m * 0.38, ch = m * 0.3;
        s.add(rect(x - cw / 2 + 8, y - ch / 2 + 14, cw, ch, `rx="24" fill="#000" opacity=".5" filter="${s.blur(10)}"`));
        s.add(rect(x - cw / 2, y - ch / 2, cw, ch, `rx="24" fill="#2f2f31" stroke="#555" stroke-width="3"`));
        s.add(texturedBlob(s, rng, x - cw * 0.22, y, cw * 0.2, ch * 0.36, i % 2 ? "#efe6d2" : "#b98a4a", "#7a5a2a", 0.35, 0.4));
        for (let k = 0; k < 3; k++) s.add(slice(s, x + cw * 0.16, y - ch * 0.25 + k * ch * 0.22, cw * 0.14, ch * 0.09, 0, "#8a5a2a", "#e8c690"));
        s.add(lettuce(s, rng, x + cw * 0.05, y + ch * 0.25, cw * 0.1));
        s.add(cherryTomato(s, x + cw * 0.28, y + ch * 0.28, cw * 0.05));
      }
      break;
    }
    case "consultation": {
      s.add(surface(s, "oak", 7));
      s.add(g(tr(w * 0.42, h * 0.5, -6), rect(-m * 0.36 + 12, -m * 0.42 + 18, m * 0.72, m * 0.84, `fill="#000" opacity=".5" filter="${s.blur(14)}"`), rect(-m * 0.36, -m * 0.42, m * 0.72, m * 0.84, `rx="6" fill="#f4ecdb"`), `<text x="${f(-m * 0.28)}" y="${f(-m * 0.3)}" ${SERIF} font-size="${f(m * 0.05)}" fill="#3a3129">Menu</text>`, textLines(-m * 0.28, -m * 0.2, m * 0.5, 12, m * 0.05, "#a89c88", rng), textLines(-m * 0.1, -m * 0.15, m * 0.3, 3, m * 0.1, "#a2341f", rng, true)));
      s.add(g(tr(w * 0.66, h * 0.25, 60), rect(0, 0, m * 0.5, m * 0.025, `rx="4" fill="#1b1916"`), path(`M${f(m * 0.5)} 0l${f(m * 0.05)} ${f(m * 0.0125)}l${f(-m * 0.05)} ${f(m * 0.0125)}Z`, `fill="${P.gold}"`)));
      const cx = w * 0.8, cy = h * 0.68;
      s.add(plate(s, cx, cy, m * 0.18, "cream") + circle(cx, cy, m * 0.1, `fill="#f4efe6"`) + circle(cx, cy, m * 0.085, `fill="${s.radial([[0, "#c8915a"], [0.6, "#6b3a1a"], [1, "#3a1e0c"]])}"`) + path(`M${f(cx + m * 0.1)} ${f(cy)}h${f(m * 0.05)}`, `stroke="#f4efe6" stroke-width="${f(m * 0.03)}" stroke-linecap="round"`));
      break;
    }
    case "dinner": {
      s.add(surface(s, "walnut", 8));
      s.add(rect(0, h * 0.3, w, h * 0.4, `fill="#1f3b2c" opacity=".85"`));
      const names = ["scallops", "salmon", "lambChops", "risotto", "beefTenderloin", "burrata"];
      for (let i = 0; i < 6; i++) {
        const x = w * (0.17 + (i % 3) * 0.33);
        const y = i < 3 ? h * 0.16 : h * 0.84;
        s.add(D[names[i]!]!(s, rng, x, y, m * 0.17));
      }
      for (let i = 0; i < 3; i++) s.add(candle(s, w * (0.3 + i * 0.2), h * 0.5, m * 0.03));
      s.add(herbs(s, rng, w * 0.5, h * 0.5, w * 0.4, 26, m * 0.04));
      break;
    }
    case "birthday": {
      s.add(surface(s, "marble", 9));
      const cx = w * 0.5, cy = h * 0.5, r = m * 0.3;
      s.add(plate(s, cx, cy, r * 1.25, "white"));
      s.add(shadow(s, cx, cy, r, r, 0.5) + circle(cx, cy, r, `fill="${s.shade("#f6eee0", 0.1)}"`));
      for (let i = 0; i < 20; i++) {
        const a = (i / 20) * Math.PI * 2;
        s.add(circle(cx + Math.cos(a) * r * 0.88, cy + Math.sin(a) * r * 0.88, r * 0.08, `fill="${s.shade("#fff9ef", 0.15)}"`));
      }
      for (let i = 0; i < 8; i++) s.add(strawberryHalf(s, rng, cx + Math.cos(i * 0.785) * r * 0.6, cy + Math.sin(i * 0.785) * r * 0.6, r * 0.18, i * 45));
      for (let i = 0; i < 5; i++) s.add(candle(s, cx + Math.cos(i * 1.256) * r * 0.3, cy + Math.sin(i * 1.256) * r * 0.3, r * 0.05));
      s.add(D.capreseSkewers!(s, rng, w * 0.1, h * 0.2, m * 0.25) + D.chocolateFondant!(s, rng, w * 0.9, h * 0.75, m * 0.2));
      break;
    }
    case "panChicken": {
      s.add(surface(s, "slate", 10));
      const cx = w * 0.48, cy = h * 0.5, r = m * 0.4;
      s.add(path(`M${f(cx + r * 0.95)} ${f(cy - r * 0.1)}h${f(r * 0.7)}v${f(r * 0.2)}h${f(-r * 0.7)}Z`, `fill="#141414"`));
      s.add(shadow(s, cx, cy, r, r, 0.6) + circle(cx, cy, r, `fill="${s.radial([[0.85, "#232323"], [1, "#444"]])}"`) + circle(cx, cy, r * 0.88, `fill="${s.radial([[0, "#3a2a1a"], [1, "#17110b"]])}"`));
      for (let i = 0; i < 5; i++) {
        const [x, y] = [Math.cos(i * 1.256) * r * 0.45, Math.sin(i * 1.256) * r * 0.45];
        s.add(texturedBlob(s, rng, cx + x, cy + y, r * 0.26, r * 0.2, "#a8561e", "#3a1a08", 0.4, 0.5, 0.15));
      }
      s.add(circle(cx, cy, r * 0.85, `fill="#fff" filter="${s.speckle("#d65a1e", 0.3, 0.25, 19)}"`));
      s.add(herbs(s, rng, cx, cy, r * 0.6, 10, m * 0.04));
      s.add(jar(s, w * 0.88, h * 0.55, m * 0.2, m * 0.3).replace(/<text[^>]*>[^<]*<\/text>/g, ""));
      break;
    }
    case "roastTray": {
      s.add(surface(s, "walnut", 11));
      s.add(rect(w * 0.08 + 12, h * 0.1 + 20, w * 0.84, h * 0.8, `rx="30" fill="#000" opacity=".55" filter="${s.blur(16)}"`) + rect(w * 0.08, h * 0.1, w * 0.84, h * 0.8, `rx="30" fill="${s.radial([[0.8, "#3a3836"], [1, "#5a5855"]])}"`));
      for (let i = 0; i < 34; i++) s.add(chunk(s, rng, w * rng.range(0.15, 0.85), h * rng.range(0.2, 0.8), m * rng.range(0.04, 0.06), rng.pick(["#d9a548", "#d9a548", "#c8402c", "#7a2458", "#e8b730"])));
      s.add(herbs(s, rng, w * 0.5, h * 0.5, w * 0.35, 24, m * 0.035));
      break;
    }
    case "grillShrimp": {
      s.add(rect(0, 0, w, h, `fill="#111"`));
      let bars = "";
      for (let y = 30; y < h; y += 70) bars += `M0 ${y}h${w}`;
      s.add(path(bars, `stroke="#3a3a3a" stroke-width="26"`) + path(bars, `stroke="#5a5a5a" stroke-width="6" transform="translate(0 -8)"`));
      s.add(rect(0, 0, w, h, `fill="${s.radial([[0, "#ff7a1a", 0.35], [1, "#ff7a1a", 0]], 0.5, 0.6, 0.6)}"`));
      for (let k = 0; k < 3; k++) {
        const y = h * (0.25 + k * 0.25);
        s.add(path(`M${f(w * 0.1)} ${f(y)}L${f(w * 0.9)} ${f(y - 30)}`, `stroke="#c9a66b" stroke-width="8" stroke-linecap="round"`));
        for (let i = 0; i < 5; i++) s.add(shrimp(s, w * (0.2 + i * 0.14), y - i * 6, m * 0.16, 180 + rng.jitter(0, 10)));
      }
      s.add(lemonHalf(s, w * 0.92, h * 0.12, m * 0.08, true, "#8cbf3a") + lemonHalf(s, w * 0.08, h * 0.9, m * 0.08, true, "#8cbf3a"));
      break;
    }
    case "riceBeans": {
      s.add(surface(s, "greenLinen", 12));
      const cx = w * 0.5, cy = h * 0.5, R = m * 0.42;
      s.add(plate(s, cx, cy, R, "bowl"));
      s.add(texturedBlob(s, rng, cx, cy, R * 0.68, R * 0.66, "#efe3c6", "#b8782f", 0.3, 0.35));
      for (let i = 0; i < 40; i++) {
        const a = rng.range(0, Math.PI * 2), d = Math.sqrt(rng.next()) * R * 0.6;
        s.add(ellipse(cx + Math.cos(a) * d, cy + Math.sin(a) * d, R * 0.04, R * 0.026, `fill="${s.shade("#6b1f1f", 0.3)}" transform="rotate(${f(rng.range(0, 180))} ${f(cx + Math.cos(a) * d)} ${f(cy + Math.sin(a) * d)})"`));
      }
      s.add(circle(cx, cy, R * 0.66, `fill="#fff" filter="${s.speckle("#c2561e", 0.35, 0.12, 31)}"`));
      s.add(herbs(s, rng, cx, cy, R * 0.3, 12, R * 0.08));
      s.add(lemonHalf(s, w * 0.85, h * 0.25, m * 0.07, false, "#8cbf3a") + jar(s, w * 0.14, h * 0.8, m * 0.16, m * 0.24).replace(/<text[^>]*>[^<]*<\/text>/g, ""));
      break;
    }
    case "juiceBar": {
      s.add(rect(0, 0, w, h, `fill="${s.linear([[0, "#26352a"], [1, "#0f1611"]])}"`));
      s.add(rect(0, h * 0.72, w, h * 0.28, `fill="${s.linear([[0, "#3b2a1e"], [1, "#1a130d"]])}"`));
      s.add(glassSide(s, w * 0.38, h * 0.8, m * 0.3, m * 0.55, ["#9cc63f", "#4f7d22"]) + glassSide(s, w * 0.62, h * 0.82, m * 0.26, m * 0.45, ["#e0607a", "#7d8a2a"]));
      s.add(lettuce(s, rng, w * 0.15, h * 0.82, m * 0.1, "#3d6b2a") + strawberryHalf(s, rng, w * 0.82, h * 0.84, m * 0.1, 20) + lemonHalf(s, w * 0.88, h * 0.74, m * 0.06, false, "#8cbf3a"));
      break;
    }
    case "dessertBuild": {
      s.add(surface(s, "slate", 13));
      s.add(D.pavlova!(s, rng, w * 0.38, h * 0.5, m * 0.4));
      for (let i = 0; i < 7; i++) s.add(strawberryHalf(s, rng, w * (0.72 + rng.jitter(0, 0.08)), h * (0.3 + i * 0.08), m * 0.07, rng.range(0, 360)));
      s.add(mintSprig(s, w * 0.85, h * 0.75, m * 0.06, 30));
      break;
    }
    case "saucePot": {
      s.add(surface(s, "slate", 14));
      const cx = w * 0.45, cy = h * 0.5, r = m * 0.36;
      s.add(path(`M${f(cx + r * 0.9)} ${f(cy - r * 0.08)}h${f(r * 0.8)}v${f(r * 0.16)}h${f(-r * 0.8)}Z`, `fill="#8e9094"`));
      s.add(shadow(s, cx, cy, r, r, 0.6) + circle(cx, cy, r, `fill="${s.radial([[0.88, "#b9bcc0"], [1, "#6a6d72"]])}"`) + circle(cx, cy, r * 0.86, `fill="${s.radial([[0, "#d8642a"], [0.7, "#a8341a"], [1, "#5a1a0a"]], 0.45, 0.4, 0.6)}"`));
      s.add(path(`M${f(cx - r * 0.5)} ${f(cy)}c${f(r * 0.2)} ${f(-r * 0.3)} ${f(r * 0.5)} ${f(r * 0.3)} ${f(r * 0.8)} 0`, `stroke="#f0905a" stroke-width="8" fill="none" opacity=".6" stroke-linecap="round"`));
      s.add(herbs(s, rng, cx, cy, r * 0.5, 8, m * 0.04) + leaf(s, w * 0.8, h * 0.3, m * 0.2, 20, "#2f6b2a", 0.45) + cherryTomato(s, w * 0.85, h * 0.7, m * 0.05));
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
  s.add(`<text x="150" y="120" ${SANS} font-size="17" letter-spacing="5.2" fill="${P.gold}">PRIVATE CHEF &amp; CATERING</text>`);
  return s.toString().replace("<svg ", `<svg role="img" aria-label="Feva private chef and catering" `);
}
export function favicon() {
  const s = new Svg(64, 64);
  s.add(rect(0, 0, 64, 64, `rx="14" fill="${P.green}"`));
  s.add(emblem(s, 32, 32, 24, P.gold));
  return s.toString();
}
export function ogImage() {
  const w = 1200, h = 630;
  const s = new Svg(w, h);
  const rng = rngFrom("og");
  s.add(surface(s, "walnut", 15));
  s.add(dishes.salmon!(s, rng, w * 0.76, h * 0.5, 250));
  s.add(herbs(s, rng, w * 0.45, h * 0.85, 60, 6, 16) + scatter(s, rng, 14, "pepper", [w * 0.76, h * 0.5, 300]));
  s.add(rect(0, 0, w, h, `fill="${s.linear([[0, "#0d0b09", 0.85], [0.5, "#0d0b09", 0.55], [0.7, "#0d0b09", 0]], 0, 0, 1, 0)}"`));
  s.add(emblem(s, 120, 150, 50, P.gold));
  s.add(`<text x="80" y="310" ${SERIF} font-size="112" letter-spacing="12" fill="${P.cream}">FEVA</text>`);
  s.add(`<text x="84" y="370" ${SANS} font-size="30" letter-spacing="8" fill="${P.gold}">PRIVATE CHEF &amp; CATERING</text>`);
  s.add(`<text x="84" y="440" ${SERIF} font-style="italic" font-size="30" fill="${P.cream}" opacity=".8">Dinners, events, classes and recipes</text>`);
  s.add(lighting(s, 0.7, 0.3, 0.15, 0.45));
  return s.toString();
}
