/**
 * Short seamless loops. Each video is a function of t in [0, 1): every motion is periodic in t, so the
 * last frame flows into the first. The static part of a scene is rasterised once and embedded in each
 * frame; the moving parts stay vector. Posters are the same scene at t = 0, as SVG.
 */
import { P, type Rng, Svg, circle, f, g, path, rect, rngFrom } from './lib.ts';
import { glassSide, lighting, surface } from './tableware.ts';
import { leaf } from './food-shapes.ts';
import { lettuce, strawberryHalf } from './ingredients.ts';
import { dishes } from './dishes.ts';
import { candle, cutlery, napkin, scatter, wineGlassTop } from './props.ts';

const TAU = Math.PI * 2;
export interface Loop {
  w: number;
  h: number;
  seconds: number;
  /** static layer (SVG, rasterised once) */
  base: () => Svg;
  /** moving layer drawn over the base; uses the same Svg for defs */
  frame: (s: Svg, t: number, rng: Rng) => string;
}

/** Embers and sparks rising in a loop: each particle completes whole cycles per loop. */
function embers(
  s: Svg,
  t: number,
  seed: string,
  n: number,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  colors: string[],
  size: [number, number],
) {
  const rng = rngFrom(seed);
  let o = '';
  for (let i = 0; i < n; i++) {
    const x = rng.range(x0, x1);
    const cycles = rng.int(1, 2);
    const phase = rng.next();
    const r = rng.range(size[0], size[1]);
    const sway = rng.range(8, 30);
    const c = rng.pick(colors);
    const a = rng.range(0.35, 0.9);
    const life = (t * cycles + phase) % 1;
    const y = y1 - life * (y1 - y0);
    const xx = x + Math.sin(TAU * (t * cycles + phase)) * sway;
    const alpha = Math.sin(Math.PI * life) * a;
    o += circle(
      xx,
      y,
      r,
      `fill="${s.radial([
        [0, c, 1],
        [0.4, c, 0.6],
        [1, c, 0],
      ])}" opacity="${f(alpha * 100) === '0' ? 0 : Math.round(alpha * 100) / 100}"`,
    );
  }
  return o;
}
function steam(s: Svg, t: number, cx: number, bottom: number, height: number, width: number, n = 3, op = 0.14) {
  let d = '';
  for (let i = 0; i < n; i++) {
    const x = cx + (i - (n - 1) / 2) * width;
    const ph = TAU * (t + i / n);
    d += `M${f(x)} ${f(bottom)}c${f(-30 + Math.sin(ph) * 25)} ${f(-height * 0.3)} ${f(40 + Math.cos(ph) * 25)} ${f(-height * 0.5)} ${f(Math.sin(ph) * 20)} ${f(-height * 0.7)}s${f(30 + Math.sin(ph + 1) * 30)} ${f(-height * 0.2)} ${f(Math.cos(ph) * 20)} ${f(-height * 0.3)}`;
  }
  return path(
    d,
    `stroke="#fff" stroke-opacity="${op}" stroke-width="${f(width * 0.45)}" fill="none" stroke-linecap="round" filter="${s.blur(16)}"`,
  );
}
function bubbles(_s: Svg, t: number, seed: string, n: number, x0: number, x1: number, top: number, bottom: number) {
  const rng = rngFrom(seed);
  let o = '';
  for (let i = 0; i < n; i++) {
    const x = rng.range(x0, x1);
    const cycles = rng.int(1, 3);
    const phase = rng.next();
    const r = rng.range(2, 6);
    const life = (t * cycles + phase) % 1;
    const y = bottom - life * (bottom - top);
    const alpha = Math.min(1, Math.sin(Math.PI * life) * 2) * 0.55;
    o += circle(
      x + Math.sin(TAU * (t * cycles + phase) * 2) * 3,
      y,
      r,
      `fill="none" stroke="#fff" stroke-opacity="${Math.round(alpha * 100) / 100}" stroke-width="1.5"`,
    );
  }
  return o;
}

const drinkBase = (w: number, h: number, seed: string, liquid: [string, string], garnish: 'green' | 'berry') => () => {
  const s = new Svg(w, h);
  const rng = rngFrom(seed);
  s.add(
    rect(
      0,
      0,
      w,
      h,
      `fill="${s.linear([
        [0, garnish === 'green' ? '#26352a' : '#2e2420'],
        [1, '#0f1210'],
      ])}"`,
    ),
  );
  for (let i = 0; i < 10; i++)
    s.add(
      circle(
        rng.range(0, w),
        rng.range(0, h * 0.6),
        rng.range(20, 60),
        `fill="#ffd9a0" opacity="${f(rng.range(0.05, 0.15))}" filter="${s.blur(14)}"`,
      ),
    );
  s.add(
    rect(
      0,
      h * 0.74,
      w,
      h * 0.26,
      `fill="${s.linear([
        [0, '#4a3424'],
        [1, '#1a130d'],
      ])}"`,
    ) + rect(0, h * 0.74, w, h * 0.26, `filter="${s.grain(0.004, 0.1, 3, 3)}" opacity=".2"`),
  );
  const gx = w * 0.5,
    gb = h * 0.84,
    gw = h * 0.42,
    gh = h * 0.66;
  s.add(glassSide(s, gx, gb, gw, gh, liquid, 0.8));
  s.add(
    path(
      `M${f(gx + gw * 0.12)} ${f(gb - gh * 0.6)}L${f(gx + gw * 0.3)} ${f(gb - gh * 1.12)}`,
      `stroke="${garnish === 'green' ? '#f3e8d3' : P.tomato}" stroke-width="${f(gw * 0.07)}" stroke-linecap="round"`,
    ),
  );
  if (garnish === 'green') {
    s.add(
      lettuce(s, rng, w * 0.2, h * 0.84, h * 0.1, '#3d6b2a') + lettuce(s, rng, w * 0.16, h * 0.9, h * 0.08, '#4f7d3a'),
    );
    s.add(
      circle(w * 0.8, h * 0.84, h * 0.08, `fill="${s.shade('#8cbf3a', 0.3)}"`) +
        leaf(s, w * 0.8, h * 0.77, h * 0.05, -70, '#3d6b2a', 0.5),
    );
    for (let i = 0; i < 3; i++)
      s.add(
        circle(w * (0.7 + i * 0.05), h * 0.93, h * 0.04, `fill="#2f5a1e"`) +
          circle(
            w * (0.7 + i * 0.05),
            h * 0.93,
            h * 0.034,
            `fill="${s.radial([
              [0, '#e9f2c8'],
              [1, '#a8c46a'],
            ])}"`,
          ),
      );
  } else {
    for (let i = 0; i < 3; i++)
      s.add(strawberryHalf(s, rng, w * (0.16 + i * 0.06), h * (0.86 + (i % 2) * 0.05), h * 0.08, rng.range(-30, 30)));
    s.add(lettuce(s, rng, w * 0.82, h * 0.88, h * 0.08, '#2f5a1e'));
    s.add(
      g(
        `transform="translate(${f(w * 0.8)} ${f(h * 0.84)}) rotate(-15)"`,
        path(
          `M0 0L${f(h * 0.16)} ${f(-h * 0.05)}L${f(h * 0.16)} ${f(h * 0.05)}Z`,
          `fill="${s.shade('#f2c230', 0.25)}"`,
        ),
        path(`M${f(h * 0.16)} ${f(-h * 0.05)}v${f(h * 0.1)}`, `stroke="#a8741e" stroke-width="6"`),
      ),
    );
  }
  s.add(lighting(s, 0.35, 0.2, 0.18, 0.5));
  return s;
};

export const loops: Record<'splash' | 'hero' | 'greenJuice' | 'spinachDrink', Loop> = {
  splash: {
    w: 1280,
    h: 720,
    seconds: 6,
    base: () => {
      const s = new Svg(1280, 720);
      const rng = rngFrom('splash');
      s.add(surface(s, 'walnut', 21));
      s.add(dishes.beefTenderloin!(s, rng, 640, 390, 230));
      s.add(
        wineGlassTop(s, 260, 200, 70) +
          candle(s, 1060, 560, 28) +
          candle(s, 200, 600, 24) +
          cutlery(s, 960, 110, 300, 10),
      );
      s.add(scatter(s, rng, 24, 'pepper', [640, 390, 300]) + scatter(s, rng, 10, 'herb', [640, 390, 320]));
      s.add(rect(0, 0, 1280, 720, `fill="#0b0908" opacity=".45"`));
      s.add(lighting(s, 0.5, 0.4, 0.15, 0.7));
      return s;
    },
    frame: (s, t) =>
      rect(
        0,
        0,
        1280,
        720,
        `fill="${s.radial(
          [
            [0, '#ffb45a', 0.16],
            [1, '#ffb45a', 0],
          ],
          0.5,
          0.55,
          0.6,
        )}" opacity="${f(0.6 + 0.4 * Math.sin(TAU * t))}"`,
      ) +
      steam(s, t, 640, 360, 300, 70, 3, 0.1) +
      embers(s, t, 'splash-embers', 36, 0, 1280, -40, 760, ['#ffb347', '#ff8a2a', '#ffe1a0'], [3, 9]),
  },
  hero: {
    w: 1280,
    h: 720,
    seconds: 8,
    base: () => {
      const s = new Svg(1280, 720);
      const rng = rngFrom('hero');
      s.add(surface(s, 'slate', 22));
      s.add(
        napkin(s, 1150, 60, 200, 420, 6, '#2c4a36') + cutlery(s, 1140, 440, 280, -6) + wineGlassTop(s, 560, 600, 60),
      );
      s.add(scatter(s, rng, 20, 'salt', [880, 360, 300]) + scatter(s, rng, 14, 'pepper', [880, 360, 300]));
      return s;
    },
    frame: (s, t) => {
      const rng = rngFrom('hero-dish');
      const a = 5 * Math.sin(TAU * t);
      return (
        g(`transform="rotate(${f(a)} 880 360)"`, dishes.scallops!(s, rng, 880, 360, 280)) +
        steam(s, t, 880, 320, 260, 60, 3, 0.08) +
        rect(
          0,
          0,
          1280,
          720,
          `fill="${s.linear(
            [
              [0, '#0d0b09', 0.8],
              [0.45, '#0d0b09', 0.45],
              [0.7, '#0d0b09', 0],
            ],
            0,
            0,
            1,
            0,
          )}"`,
        ) +
        lighting(s, 0.62 + 0.04 * Math.sin(TAU * t), 0.25, 0.18, 0.55)
      );
    },
  },
  greenJuice: {
    w: 960,
    h: 720,
    seconds: 6,
    base: drinkBase(960, 720, 'greenJuice', ['#a6cf45', '#4a7a1e'], 'green'),
    frame: (s, t) =>
      bubbles(s, t, 'gj-bubbles', 30, 960 * 0.5 - 110, 960 * 0.5 + 110, 720 * 0.84 - 720 * 0.66 * 0.78, 720 * 0.82) +
      rect(
        960 * 0.5 - 150,
        100,
        40,
        520,
        `fill="#fff" opacity="${f(0.04 + 0.04 * Math.sin(TAU * t))}" filter="${s.blur(10)}"`,
      ),
  },
  spinachDrink: {
    w: 960,
    h: 720,
    seconds: 6,
    base: drinkBase(960, 720, 'spinachDrink', ['#e46a82', '#6f8a2a'], 'berry'),
    frame: (s, t) => {
      const rng = rngFrom('sd');
      const top = 720 * 0.84 - 720 * 0.66 * 0.8;
      return (
        bubbles(s, t, 'sd-bubbles', 24, 480 - 110, 480 + 110, top + 10, 720 * 0.82) +
        strawberryHalf(s, rng, 480 - 40, top + 6 + Math.sin(TAU * t) * 6, 46, 160 + Math.sin(TAU * t) * 8) +
        leaf(s, 480 + 30, top + 4 + Math.sin(TAU * t + 1) * 5, 40, -20 + Math.sin(TAU * t) * 6, '#4f8a3c', 0.5)
      );
    },
  },
};

/** The whole scene at time t as one SVG (vector base). Used for posters (t = 0). */
function fullSvg(loop: Loop, t: number) {
  const s = loop.base();
  s.add(loop.frame(s, t, rngFrom('frame')));
  return s.toString();
}
export const posterSvgs = {
  splash: () => fullSvg(loops.splash, 0),
  hero: () => fullSvg(loops.hero, 0),
  greenJuice: () => fullSvg(loops.greenJuice, 0),
  spinachDrink: () => fullSvg(loops.spinachDrink, 0),
  greenStill: () => drinkBase(1200, 900, 'greenStill', ['#a6cf45', '#4a7a1e'], 'green')().toString(),
  /** 4:3 still for the recipe card (same art as the video). */
  spinachStill: () => {
    const s = drinkBase(1200, 900, 'spinachStill', ['#e46a82', '#6f8a2a'], 'berry')();
    return s.toString();
  },
};
