/** The dishes: each draws its plate and food centred on (cx, cy) with plate radius R. */
import { Svg, type Rng, blobD, circle, ellipse, f, g, path, rect, tr } from './lib.ts';
import {
  asparagus,
  blob,
  board,
  chunk,
  cherryTomato,
  cube,
  dots,
  grillMarks,
  herbs,
  leaf,
  lemonHalf,
  mintSprig,
  plate,
  raspberry,
  scallop,
  shadow,
  shrimp,
  slice,
  smear,
  strawberryHalf,
  texturedBlob,
  tomatoSlice,
} from './food.ts';

export type Dish = (s: Svg, rng: Rng, cx: number, cy: number, R: number) => string;

const ring = (n: number, i: number, r: number, a0 = 0) => {
  const a = a0 + (i / n) * Math.PI * 2;
  return [Math.cos(a) * r, Math.sin(a) * r] as const;
};

export const dishes: Record<string, Dish> = {
  scallops(s, rng, cx, cy, R) {
    let o = plate(s, cx, cy, R, 'white');
    o += smear(s, cx - R * 0.5, cy + R * 0.25, cx + R * 0.5, cy - R * 0.2, R * 0.13, '#8fb548', 0.2);
    for (let i = 0; i < 3; i++) {
      const t = (i + 0.5) / 3;
      o += scallop(s, cx - R * 0.45 + t * R * 0.9, cy + R * 0.22 - t * R * 0.42 + rng.jitter(0, 4), R * 0.15);
    }
    o += herbs(s, rng, cx - R * 0.05, cy + R * 0.02, R * 0.3, 9, R * 0.07, ['#7fb04a', '#9cc45e', '#5c8f35']);
    o += dots(s, rng, cx, cy, R * 0.55, 0.6, 1.6, 5, R * 0.025, '#e8d6a0');
    return o;
  },
  burrata(s, rng, cx, cy, R) {
    let o = plate(s, cx, cy, R, 'stone');
    const cols = ['#c8402c', '#e0892f', '#e8c13a', '#8a2b2b', '#7e9a3a', '#d4572f'];
    for (let i = 0; i < 8; i++) {
      const [x, y] = ring(8, i, R * 0.45, 0.3);
      o += tomatoSlice(s, rng, cx + x, cy + y, R * rng.range(0.15, 0.2), cols[i % cols.length]!);
    }
    o += blob(s, rng, cx, cy, R * 0.24, R * 0.22, '#f6f1e6', 0.1);
    o += path(blobD(rng, cx + R * 0.02, cy + R * 0.03, R * 0.1, R * 0.08, 0.2), `fill="#fffdf6" opacity=".9"`);
    for (let i = 0; i < 5; i++)
      o += leaf(
        s,
        cx + rng.jitter(0, R * 0.45),
        cy + rng.jitter(0, R * 0.45),
        R * 0.14,
        rng.range(0, 360),
        '#2f6b2a',
        0.45,
      );
    o += dots(s, rng, cx, cy, R * 0.3, 0, 6, 12, R * 0.018, '#a8a531');
    o += circle(cx, cy, R * 0.6, `fill="#fff" filter="${s.speckle('#1a120c', 0.5, 0.06, 11)}" opacity=".8"`);
    return o;
  },
  lambChops(s, rng, cx, cy, R) {
    let o = plate(s, cx, cy, R, 'black');
    for (let i = 0; i < 3; i++) {
      const x = cx - R * 0.28 + i * R * 0.22;
      const y = cy + R * 0.05 + i * R * 0.02;
      const rot = -55 + i * 12;
      const bx = x + Math.cos(((rot - 90) * Math.PI) / 180) * R * 0.38;
      const by = y + Math.sin(((rot - 90) * Math.PI) / 180) * R * 0.38;
      o += path(
        `M${f(x)} ${f(y)}L${f(bx)} ${f(by)}`,
        `stroke="#efe5d0" stroke-width="${f(R * 0.05)}" stroke-linecap="round"`,
      );
      const d = blobD(rng, x, y, R * 0.2, R * 0.14, 0.1, 9, ((rot + 90) * Math.PI) / 180);
      o +=
        path(d, `fill="#000" opacity=".45" transform="translate(4 7)" filter="${s.blur(5)}"`) +
        path(d, `fill="${s.shade('#7a3d22', 0.3)}"`);
      o += path(
        blobD(rng, x, y, R * 0.12, R * 0.07, 0.1, 8, ((rot + 90) * Math.PI) / 180),
        `fill="#b8524a" opacity=".55"`,
      );
      o += grillMarks(s, d, x, y, R * 0.22);
    }
    o += dots(s, rng, cx + R * 0.05, cy + R * 0.1, R * 0.5, 0.2, 1.9, 7, R * 0.04, '#4e7f2c');
    o += lemonHalf(s, cx + R * 0.42, cy - R * 0.32, R * 0.14, true);
    o += herbs(s, rng, cx + R * 0.3, cy + R * 0.3, R * 0.12, 5, R * 0.08, ['#3d6b2a']);
    return o;
  },
  risotto(s, rng, cx, cy, R) {
    let o = plate(s, cx, cy, R, 'bowl');
    o += texturedBlob(s, rng, cx, cy, R * 0.66, R * 0.64, '#e8b943', '#fff2c4', 0.28, 0.55, 0.05);
    for (let i = 0; i < 6; i++) {
      const x = cx + rng.jitter(0, R * 0.3);
      const y = cy + rng.jitter(0, R * 0.3);
      o += path(
        `M${f(x)} ${f(y)}l${f(R * 0.14)} ${f(-R * 0.03)}l${f(-R * 0.02)} ${f(R * 0.09)}Z`,
        `fill="#f5edcf" stroke="#e3d4a6" stroke-width="1" transform="rotate(${f(rng.range(0, 360))} ${f(x)} ${f(y)})"`,
      );
    }
    let chives = '';
    for (let i = 0; i < 26; i++) {
      const x = cx + rng.jitter(0, R * 0.4);
      const y = cy + rng.jitter(0, R * 0.4);
      chives += `M${f(x)} ${f(y)}l${f(rng.jitter(0, R * 0.04))} ${f(rng.jitter(0, R * 0.04))}`;
    }
    o += path(chives, `stroke="#3f7a2b" stroke-width="${f(R * 0.02)}" stroke-linecap="round"`);
    o += circle(cx, cy, R * 0.6, `fill="#fff" filter="${s.speckle('#8a3a12', 0.6, 0.05, 4)}" opacity=".7"`);
    return o;
  },
  salmon(s, rng, cx, cy, R) {
    let o = plate(s, cx, cy, R, 'white');
    o += path(blobD(rng, cx + R * 0.05, cy + R * 0.1, R * 0.5, R * 0.36, 0.12), `fill="#f3dfa2" opacity=".9"`);
    for (let i = 0; i < 5; i++)
      o += asparagus(s, cx - R * 0.45, cy + R * 0.28 - i * R * 0.065, R * 0.85, -12 + rng.jitter(0, 2), R * 0.06);
    const fx = cx + R * 0.02;
    const fy = cy - R * 0.05;
    const d = `M${f(fx - R * 0.36)} ${f(fy - R * 0.12)}C${f(fx - R * 0.1)} ${f(fy - R * 0.26)} ${f(fx + R * 0.3)} ${f(fy - R * 0.22)} ${f(fx + R * 0.38)} ${f(fy - R * 0.04)}C${f(fx + R * 0.42)} ${f(fy + R * 0.1)} ${f(fx + R * 0.1)} ${f(fy + R * 0.2)} ${f(fx - R * 0.3)} ${f(fy + R * 0.14)}C${f(fx - R * 0.42)} ${f(fy + R * 0.1)} ${f(fx - R * 0.44)} ${f(fy - R * 0.06)} ${f(fx - R * 0.36)} ${f(fy - R * 0.12)}Z`;
    o += path(d, `fill="#000" opacity=".4" transform="translate(5 9)" filter="${s.blur(6)}"`);
    o += path(d, `fill="${s.shade('#e9875a', 0.2)}"`);
    const clip = s.clip(`salm${cx}`, `<path d="${d}"/>`);
    let fat = '';
    for (let i = -4; i <= 4; i++)
      fat += `M${f(fx + i * R * 0.09 - R * 0.1)} ${f(fy - R * 0.3)}q${f(R * 0.08)} ${f(R * 0.3)} ${f(R * 0.2)} ${f(R * 0.6)}`;
    o += g(
      `clip-path="${clip}"`,
      path(fat, `stroke="#fbd6bd" stroke-width="${f(R * 0.018)}" fill="none" opacity=".8"`),
      path(d, `fill="none" stroke="#8a4020" stroke-width="${f(R * 0.06)}" opacity=".55"`),
    );
    o += herbs(s, rng, fx, fy - R * 0.02, R * 0.08, 4, R * 0.06, ['#6d9b3e']);
    return o;
  },
  beetCarpaccio(s, rng, cx, cy, R) {
    let o = plate(s, cx, cy, R, 'white');
    for (let i = 0; i < 9; i++) {
      const [x, y] = ring(9, i, R * 0.42, rng.range(0, 0.2));
      const r = R * 0.2;
      o += circle(
        cx + x,
        cy + y,
        r,
        `fill="${s.radial([
          [0, '#b0305f'],
          [0.5, '#7d1740'],
          [0.56, '#a8345c'],
          [0.62, '#7d1740'],
          [1, '#5e0f2e'],
        ])}" opacity=".95"`,
      );
    }
    o += circle(
      cx,
      cy,
      R * 0.22,
      `fill="${s.radial([
        [0, '#b0305f'],
        [0.5, '#7d1740'],
        [0.56, '#a8345c'],
        [1, '#5e0f2e'],
      ])}"`,
    );
    for (let i = 0; i < 9; i++)
      o += blob(s, rng, cx + rng.jitter(0, R * 0.42), cy + rng.jitter(0, R * 0.42), R * 0.05, R * 0.04, '#f7f3ea', 0.3);
    for (let i = 0; i < 6; i++)
      o += blob(s, rng, cx + rng.jitter(0, R * 0.4), cy + rng.jitter(0, R * 0.4), R * 0.05, R * 0.035, '#8a5a2e', 0.35);
    for (let i = 0; i < 7; i++)
      o += leaf(
        s,
        cx + rng.jitter(0, R * 0.35),
        cy + rng.jitter(0, R * 0.35),
        R * 0.16,
        rng.range(0, 360),
        '#4d8a2e',
        0.25,
      );
    return o;
  },
  jerkChicken(s, rng, cx, cy, R) {
    let o = plate(s, cx, cy, R, 'cream');
    o += texturedBlob(s, rng, cx - R * 0.25, cy + R * 0.12, R * 0.36, R * 0.3, '#efe6d2', '#6b1f1f', 0.3, 0.18);
    for (let i = 0; i < 3; i++) {
      const x = cx + R * 0.22 + i * R * 0.08;
      const y = cy - R * 0.25 + i * R * 0.16;
      o += chunk(s, rng, x, y, R * 0.17, '#5a2a12');
      o += path(blobD(rng, x - R * 0.04, y - R * 0.04, R * 0.08, R * 0.05, 0.3), `fill="#b34a1c" opacity=".55"`);
    }
    for (let i = 0; i < 4; i++) {
      const x = cx - R * 0.35 + i * R * 0.12;
      const y = cy - R * 0.33 + (i % 2) * R * 0.05;
      o += ellipse(
        x,
        y,
        R * 0.09,
        R * 0.06,
        `fill="${s.radial([
          [0, '#f3c25a'],
          [0.7, '#d98b2b'],
          [1, '#7a3f12'],
        ])}" transform="rotate(${f(rng.range(-30, 30))} ${f(x)} ${f(y)})"`,
      );
    }
    o += herbs(s, rng, cx + R * 0.15, cy + R * 0.35, R * 0.1, 6, R * 0.05, ['#3f7a2b']);
    o += path(
      `M${f(cx + R * 0.25)} ${f(cy + R * 0.3)}l${f(R * 0.2)} ${f(-R * 0.05)}`,
      `stroke="#3f7a2b" stroke-width="${f(R * 0.025)}" stroke-linecap="round"`,
    );
    return o;
  },
  lobster(s, rng, cx, cy, R) {
    let o = plate(s, cx, cy, R, 'black');
    const segs = 6;
    for (let i = 0; i < segs; i++) {
      const y = cy - R * 0.4 + i * R * 0.12;
      const w = R * (0.2 - i * 0.012);
      o += ellipse(cx, y, w, R * 0.085, `fill="${s.shade(i % 2 ? '#d4492b' : '#c23a22', 0.3)}"`);
    }
    o += path(
      `M${f(cx)} ${f(cy + R * 0.3)}l${f(-R * 0.2)} ${f(R * 0.2)}q${f(R * 0.2)} ${f(R * 0.08)} ${f(R * 0.4)} 0Z`,
      `fill="${s.shade('#c23a22', 0.3)}"`,
    );
    o += path(blobD(rng, cx, cy - R * 0.12, R * 0.12, R * 0.28, 0.08), `fill="${s.shade('#f7efe0', 0.15)}"`);
    o += path(blobD(rng, cx, cy - R * 0.14, R * 0.06, R * 0.2, 0.15), `fill="#f29a6a" opacity=".5"`);
    o += lemonHalf(s, cx - R * 0.45, cy + R * 0.2, R * 0.14);
    o += lemonHalf(s, cx + R * 0.46, cy - R * 0.1, R * 0.12);
    o += circle(cx + R * 0.38, cy + R * 0.38, R * 0.11, `fill="${s.shade('#e8c25a', 0.2)}"`);
    o += herbs(s, rng, cx, cy - R * 0.1, R * 0.15, 6, R * 0.05, ['#4d8a2e']);
    return o;
  },
  shrimpGrits(s, rng, cx, cy, R) {
    let o = plate(s, cx, cy, R, 'bowl');
    o += texturedBlob(s, rng, cx, cy, R * 0.68, R * 0.66, '#f0e2bb', '#c9a866', 0.3, 0.4, 0.04);
    for (let i = 0; i < 5; i++) {
      const [x, y] = ring(5, i, R * 0.3, 0.4);
      o += shrimp(s, cx + x, cy + y, R * 0.22, i * 72 + 30);
    }
    o += dots(s, rng, cx, cy, R * 0.55, 0, 6.1, 14, R * 0.022, '#c2381c');
    let sc = '';
    for (let i = 0; i < 14; i++) {
      const x = cx + rng.jitter(0, R * 0.18);
      const y = cy + rng.jitter(0, R * 0.18);
      sc += circle(x, y, R * 0.025, `fill="none" stroke="#6fae45" stroke-width="${f(R * 0.012)}"`);
    }
    return o + sc;
  },
  ceviche(s, rng, cx, cy, R) {
    let o = plate(s, cx, cy, R, 'bowl');
    o += circle(
      cx,
      cy,
      R * 0.66,
      `fill="${s.radial([
        [0, '#f3e3a8', 0.8],
        [1, '#d9b95e', 0.8],
      ])}"`,
    );
    for (let i = 0; i < 34; i++) {
      const a = rng.range(0, Math.PI * 2);
      const d = Math.sqrt(rng.next()) * R * 0.55;
      o += cube(
        s,
        cx + Math.cos(a) * d,
        cy + Math.sin(a) * d,
        R * 0.1,
        rng.range(0, 90),
        rng.pick(['#f2a33a', '#f2a33a', '#8bb54a', '#f4efe4']),
      );
    }
    let onion = '';
    for (let i = 0; i < 8; i++) {
      const x = cx + rng.jitter(0, R * 0.4);
      const y = cy + rng.jitter(0, R * 0.4);
      onion += `M${f(x)} ${f(y)}a${f(R * 0.08)} ${f(R * 0.08)} 0 0 1 ${f(R * 0.12)} ${f(R * 0.04)}`;
    }
    o += path(onion, `stroke="#8e2e6b" stroke-width="${f(R * 0.022)}" fill="none" stroke-linecap="round"`);
    o += herbs(s, rng, cx, cy, R * 0.45, 10, R * 0.07, ['#3d7d2a', '#5a9a3a']);
    o += lemonHalf(s, cx + R * 0.55, cy - R * 0.55, R * 0.12, false, '#8cbf3a');
    return o;
  },
  shortRib(s, rng, cx, cy, R) {
    let o = plate(s, cx, cy, R, 'stone');
    o += path(blobD(rng, cx, cy, R * 0.55, R * 0.5, 0.1), `fill="${s.shade('#edc55a', 0.15)}"`);
    o += path(blobD(rng, cx + R * 0.05, cy + R * 0.08, R * 0.38, R * 0.32, 0.2), `fill="#4a1410" opacity=".9"`);
    o += chunk(s, rng, cx, cy, R * 0.26, '#3b1a0e');
    o += path(blobD(rng, cx - R * 0.07, cy - R * 0.08, R * 0.12, R * 0.05, 0.3), `fill="#fff" opacity=".18"`);
    for (let i = 0; i < 4; i++)
      o += blob(s, rng, cx - R * 0.2 + i * R * 0.12, cy + R * 0.33, R * 0.05, R * 0.04, '#e07a2f', 0.1);
    o += herbs(s, rng, cx + R * 0.05, cy - R * 0.15, R * 0.06, 5, R * 0.06, ['#5e8f3a']);
    return o;
  },
  mushroomTart(s, rng, cx, cy, R) {
    let o = plate(s, cx, cy, R, 'black');
    let crimp = '';
    for (let i = 0; i < 28; i++) {
      const [x, y] = ring(28, i, R * 0.64);
      crimp += circle(cx + x, cy + y, R * 0.065, '');
    }
    o += shadow(s, cx, cy, R * 0.66, R * 0.66, 0.5);
    o += g(`fill="${s.shade('#c98a3d', 0.25)}"`, crimp);
    o += circle(cx, cy, R * 0.62, `fill="${s.shade('#c98a3d', 0.2)}"`);
    o += texturedBlob(s, rng, cx, cy, R * 0.54, R * 0.54, '#d9c59c', '#6e4a2a', 0.18, 0.3, 0.02);
    for (let i = 0; i < 14; i++) {
      const a = rng.range(0, Math.PI * 2);
      const d = Math.sqrt(rng.next()) * R * 0.42;
      const x = cx + Math.cos(a) * d;
      const y = cy + Math.sin(a) * d;
      const sz = R * rng.range(0.09, 0.13);
      o += g(
        tr(x, y, rng.range(0, 360)),
        path(
          `M${f(-sz)} 0A${f(sz)} ${f(sz * 0.8)} 0 0 1 ${f(sz)} 0L${f(sz * 0.3)} 0L${f(sz * 0.25)} ${f(sz * 0.8)}L${f(-sz * 0.25)} ${f(sz * 0.8)}L${f(-sz * 0.3)} 0Z`,
          `fill="${s.shade('#8a5a34', 0.3)}" stroke="#4a2c16" stroke-width="1"`,
        ),
      );
    }
    o += herbs(s, rng, cx, cy, R * 0.4, 12, R * 0.03, ['#6d8f3a', '#8aaa4a']);
    return o;
  },
  chocolateFondant(s, _rng, cx, cy, R) {
    let o = plate(s, cx, cy, R, 'white');
    o += smear(s, cx - R * 0.55, cy + R * 0.35, cx + R * 0.3, cy + R * 0.45, R * 0.06, '#4a2312', -0.2);
    o += shadow(s, cx - R * 0.05, cy - R * 0.05, R * 0.3, R * 0.3, 0.5);
    o += circle(cx - R * 0.05, cy - R * 0.05, R * 0.3, `fill="${s.shade('#3a1c0e', 0.25)}"`);
    o += circle(
      cx - R * 0.05,
      cy - R * 0.05,
      R * 0.3,
      `fill="#fff" filter="${s.speckle('#f4ecdc', 0.9, 0.35, 9)}" opacity=".8"`,
    );
    o += ellipse(
      cx + R * 0.38,
      cy - R * 0.1,
      R * 0.17,
      R * 0.1,
      `fill="${s.shade('#f6ecd2', 0.15)}" transform="rotate(-30 ${f(cx + R * 0.38)} ${f(cy - R * 0.1)})"`,
    );
    for (let i = 0; i < 5; i++) o += raspberry(s, cx + R * (0.2 + i * 0.07), cy + R * (0.2 - (i % 2) * 0.08), R * 0.06);
    o += mintSprig(s, cx + R * 0.3, cy - R * 0.32, R * 0.08, 20);
    return o;
  },
  pannaCotta(s, rng, cx, cy, R) {
    let o = plate(s, cx, cy, R, 'stone');
    o += shadow(s, cx, cy, R * 0.38, R * 0.38, 0.45);
    o += circle(
      cx,
      cy,
      R * 0.38,
      `fill="${s.radial(
        [
          [0, '#fffaf0'],
          [0.8, '#f4ead2'],
          [1, '#d8c59c'],
        ],
        0.42,
        0.4,
        0.6,
      )}"`,
    );
    o += path(blobD(rng, cx, cy, R * 0.24, R * 0.22, 0.15), `fill="${s.shade('#f0b22a', 0.2)}"`);
    for (let i = 0; i < 18; i++)
      o += circle(cx + rng.jitter(0, R * 0.16), cy + rng.jitter(0, R * 0.15), R * 0.012, `fill="#1a1208"`);
    o += g(`opacity=".9"`, lemonHalf(s, cx + R * 0.5, cy + R * 0.3, R * 0.12, false, '#f08a24'));
    o += mintSprig(s, cx - R * 0.05, cy - R * 0.18, R * 0.08, -20);
    return o;
  },
  capreseSkewers(s, rng, cx, cy, R) {
    let o = g(
      tr(cx, cy, -8),
      rect(
        -R * 0.95 + 10,
        -R * 0.55 + 18,
        R * 1.9,
        R * 1.1,
        `rx="10" fill="#000" opacity=".55" filter="${s.blur(14)}"`,
      ),
      rect(-R * 0.95, -R * 0.55, R * 1.9, R * 1.1, `rx="10" fill="#222326"`),
      rect(-R * 0.95, -R * 0.55, R * 1.9, R * 1.1, `rx="10" filter="${s.grain(0.6, 0.6, 4, 2)}" opacity=".18"`),
    );
    for (let row = 0; row < 3; row++) {
      for (let col = 0; col < 4; col++) {
        const x = cx - R * 0.62 + col * R * 0.42;
        const y = cy - R * 0.3 + row * R * 0.3 + col * -R * 0.05;
        const rot = -8 + rng.jitter(0, 4);
        o += g(
          tr(x, y, rot),
          path(`M${f(-R * 0.18)} 0L${f(R * 0.18)} 0`, `stroke="#c9a66b" stroke-width="${f(R * 0.012)}"`),
          cherryTomato(s, -R * 0.1, 0, R * 0.055),
          circle(0, 0, R * 0.055, `fill="${s.shade('#f7f3ea', 0.15)}"`),
          leaf(s, R * 0.04, 0, R * 0.09, -10, '#2f6b2a', 0.45),
          cherryTomato(s, R * 0.13, 0, R * 0.05),
        );
      }
    }
    let glaze = '';
    for (let i = 0; i < 3; i++)
      glaze += `M${f(cx - R * 0.8)} ${f(cy - R * 0.15 + i * R * 0.3)}q${f(R * 0.4)} ${f(-R * 0.08)} ${f(R * 0.8)} 0t${f(R * 0.8)} 0`;
    o += path(
      glaze,
      `stroke="#3b1208" stroke-width="${f(R * 0.012)}" fill="none" opacity=".75" transform="rotate(-8 ${f(cx)} ${f(cy)})"`,
    );
    return o;
  },
  roastedVeg(s, rng, cx, cy, R) {
    let o =
      shadow(s, cx, cy, R * 1.05, R * 0.8, 0.55) +
      ellipse(
        cx,
        cy,
        R * 1.05,
        R * 0.8,
        `fill="${s.radial([
          [0.85, '#efe6d6'],
          [1, '#b9ac94'],
        ])}"`,
      );
    for (let i = 0; i < 14; i++) {
      const x = cx + rng.jitter(0, R * 0.65);
      const y = cy + rng.jitter(0, R * 0.45);
      o += g(
        tr(x, y, rng.range(0, 180)),
        path(
          `M${f(-R * 0.26)} 0Q0 ${f(-R * 0.18)} ${f(R * 0.26)} 0Q0 ${f(-R * 0.03)} ${f(-R * 0.26)} 0Z`,
          `fill="${s.shade(rng.pick(['#c8342a', '#e8b730', '#d66a23']), 0.25)}" stroke="#3a1a0a" stroke-opacity=".4" stroke-width="2"`,
        ),
      );
    }
    for (let i = 0; i < 13; i++) {
      const x = cx + rng.jitter(0, R * 0.7);
      const y = cy + rng.jitter(0, R * 0.48);
      o +=
        circle(x, y, R * 0.11, `fill="#3f6b26"`) +
        circle(
          x,
          y,
          R * 0.09,
          `fill="${s.radial([
            [0, '#efe8b8'],
            [0.8, '#c7c982'],
            [1, '#7b8f3e'],
          ])}"`,
        );
    }
    for (let i = 0; i < 4; i++)
      o += path(
        `M${f(cx + rng.jitter(0, R * 0.5))} ${f(cy + rng.jitter(0, R * 0.3))}a${f(R * 0.1)} ${f(R * 0.1)} 0 0 1 ${f(R * 0.15)} ${f(R * 0.06)}`,
        `stroke="#7a2458" stroke-width="${f(R * 0.03)}" fill="none" stroke-linecap="round"`,
      );
    o += plate(s, cx + R * 0.55, cy - R * 0.3, R * 0.24, 'bowl');
    o += circle(
      cx + R * 0.55,
      cy - R * 0.3,
      R * 0.19,
      `fill="${s.radial([
        [0, '#fbf8f0'],
        [1, '#e6dfcf'],
      ])}"`,
    );
    o += herbs(s, rng, cx + R * 0.55, cy - R * 0.3, R * 0.1, 7, R * 0.03, ['#3f7a2b']);
    return o;
  },
  paella(s, rng, cx, cy, R) {
    let o = shadow(s, cx, cy, R, R, 0.6);
    o += path(
      `M${f(cx - R * 1.18)} ${f(cy)}h${f(R * 0.25)}M${f(cx + R * 0.93)} ${f(cy)}h${f(R * 0.25)}`,
      `stroke="#1a1a1a" stroke-width="${f(R * 0.12)}" stroke-linecap="round"`,
    );
    o += circle(
      cx,
      cy,
      R,
      `fill="${s.radial([
        [0.88, '#2a2927'],
        [1, '#4a4845'],
      ])}"`,
    );
    o += texturedBlob(s, rng, cx, cy, R * 0.88, R * 0.88, '#e39a2a', '#f7d780', 0.3, 0.55, 0.01);
    o += circle(
      cx,
      cy,
      R * 0.86,
      `fill="${s.radial([
        [0.6, '#6a2a08', 0],
        [1, '#6a2a08', 0.6],
      ])}"`,
    );
    for (let i = 0; i < 7; i++) {
      const [x, y] = ring(7, i, R * 0.58, 0.2);
      const rot = (i / 7) * 360 + 90;
      o += g(
        tr(cx + x, cy + y, rot),
        ellipse(0, 0, R * 0.16, R * 0.08, `fill="${s.shade('#1e2233', 0.3)}"`),
        ellipse(0, R * 0.01, R * 0.11, R * 0.045, `fill="#e88a4a"`),
      );
    }
    for (let i = 0; i < 6; i++) {
      const [x, y] = ring(6, i, R * 0.28, 0.6);
      o += shrimp(s, cx + x, cy + y, R * 0.22, i * 60);
    }
    o += lemonHalf(s, cx, cy, R * 0.13);
    for (let i = 0; i < 10; i++)
      o += ellipse(cx + rng.jitter(0, R * 0.6), cy + rng.jitter(0, R * 0.6), R * 0.03, R * 0.02, `fill="#6aa63f"`);
    o += herbs(s, rng, cx, cy, R * 0.6, 10, R * 0.04, ['#3f7a2b']);
    return o;
  },
  tunaTartare(s, rng, cx, cy, R) {
    let o = plate(s, cx, cy, R, 'black');
    o += shadow(s, cx, cy, R * 0.36, R * 0.36, 0.5);
    o += circle(cx, cy, R * 0.36, `fill="${s.shade('#8fb84a', 0.2)}"`);
    for (let i = 0; i < 30; i++) {
      const a = rng.range(0, Math.PI * 2);
      const d = Math.sqrt(rng.next()) * R * 0.27;
      o += cube(
        s,
        cx + Math.cos(a) * d,
        cy + Math.sin(a) * d,
        R * 0.085,
        rng.range(0, 90),
        rng.pick(['#a3182c', '#b8243a', '#8c1426']),
      );
    }
    for (let i = 0; i < 24; i++)
      o += ellipse(
        cx + rng.jitter(0, R * 0.3),
        cy + rng.jitter(0, R * 0.3),
        R * 0.012,
        R * 0.007,
        `fill="${rng.next() > 0.5 ? '#f5ecd6' : '#1a1a1a'}"`,
      );
    for (let i = 0; i < 2; i++)
      o += g(
        tr(cx + R * (0.18 + i * 0.12), cy - R * (0.28 + i * 0.08), 20 + i * 25),
        path(
          `M0 0L${f(R * 0.3)} ${f(-R * 0.05)}L${f(R * 0.12)} ${f(R * 0.2)}Z`,
          `fill="${s.shade('#e2a54a', 0.25)}" stroke="#f3cf85" stroke-width="1.5"`,
        ),
      );
    o += dots(s, rng, cx, cy, R * 0.5, 1.8, 3.4, 6, R * 0.025, '#1c1c1c');
    o += herbs(s, rng, cx - R * 0.1, cy + R * 0.05, R * 0.06, 4, R * 0.05, ['#6aa63f']);
    return o;
  },
  beefTenderloin(s, rng, cx, cy, R) {
    let o = plate(s, cx, cy, R, 'stone');
    for (let i = 0; i < 4; i++)
      o += slice(
        s,
        cx - R * 0.25 + i * R * 0.13,
        cy - R * 0.12 + i * R * 0.05,
        R * 0.12,
        R * 0.26,
        -25,
        '#4b5c2a',
        i === 3 ? '#b24b4b' : '#c45a5a',
      );
    for (let i = 0; i < 6; i++) {
      const [x, y] = ring(6, i, R * 0.15);
      o += blob(s, rng, cx + R * 0.3 + x, cy + R * 0.28 + y, R * 0.08, R * 0.07, '#d9a548', 0.15);
    }
    o += circle(
      cx + R * 0.3,
      cy + R * 0.28,
      R * 0.25,
      `fill="#fff" filter="${s.speckle('#5b3413', 0.5, 0.2, 21)}" opacity=".7"`,
    );
    o += smear(s, cx - R * 0.5, cy + R * 0.35, cx + R * 0.05, cy + R * 0.5, R * 0.05, '#3d130c', 0.2);
    o += herbs(s, rng, cx + R * 0.3, cy + R * 0.28, R * 0.15, 6, R * 0.05, ['#557f31']);
    o += leaf(s, cx - R * 0.45, cy - R * 0.3, R * 0.3, 35, '#3d6b2a', 0.15);
    return o;
  },
  pavlova(s, rng, cx, cy, R) {
    let o = plate(s, cx, cy, R, 'black');
    o += shadow(s, cx, cy, R * 0.55, R * 0.55, 0.5);
    for (let i = 0; i < 14; i++) {
      const [x, y] = ring(14, i, R * 0.45);
      o += circle(cx + x, cy + y, R * 0.14, `fill="${s.shade('#f6efe2', 0.12)}"`);
    }
    o += circle(cx, cy, R * 0.48, `fill="${s.shade('#f6efe2', 0.1)}"`);
    o += path(blobD(rng, cx, cy, R * 0.36, R * 0.34, 0.12, 12), `fill="${s.shade('#fffdf7', 0.08)}"`);
    for (let i = 0; i < 9; i++) {
      const a = rng.range(0, Math.PI * 2);
      const d = Math.sqrt(rng.next()) * R * 0.26;
      o += strawberryHalf(s, rng, cx + Math.cos(a) * d, cy + Math.sin(a) * d, R * 0.13, rng.range(0, 360));
    }
    o += mintSprig(s, cx + R * 0.05, cy - R * 0.05, R * 0.08, 40);
    return o;
  },

  // ── recipes ─────────────────────────────────────────────────────────────────────────────────────
  crabCakes(s, rng, cx, cy, R) {
    let o = plate(s, cx, cy, R, 'white');
    o += smear(s, cx - R * 0.45, cy + R * 0.35, cx + R * 0.4, cy + R * 0.3, R * 0.09, '#efd9a6', -0.15);
    for (let i = 0; i < 3; i++) {
      const [x, y] = ring(3, i, R * 0.25, -0.5);
      o += shadow(s, cx + x, cy + y - R * 0.05, R * 0.2, R * 0.2, 0.45);
      o += texturedBlob(s, rng, cx + x, cy + y - R * 0.05, R * 0.2, R * 0.19, '#c98a3a', '#7a4214', 0.4, 0.45, 0.08);
    }
    o += lemonHalf(s, cx + R * 0.48, cy - R * 0.35, R * 0.13);
    o += herbs(s, rng, cx, cy - R * 0.05, R * 0.25, 8, R * 0.05, ['#4f8a2e', '#7fa650']);
    return o;
  },
  stuffedPineapple(s, rng, cx, cy, R) {
    let o = '';
    for (let k = 0; k < 2; k++) {
      const x = cx + (k ? R * 0.45 : -R * 0.45);
      const y = cy + (k ? R * 0.1 : -R * 0.1);
      const rot = k ? 100 : -80;
      let crown = '';
      for (let i = 0; i < 9; i++)
        crown += leaf(s, R * 0.62, 0, R * rng.range(0.35, 0.55), -50 + i * 12, i % 2 ? '#3f6e2e' : '#537f36', 0.18);
      o += g(
        tr(x, y, rot),
        ellipse(8, 14, R * 0.68, R * 0.36, `fill="#000" opacity=".5" filter="${s.blur(12)}"`),
        crown,
        ellipse(0, 0, R * 0.68, R * 0.36, `fill="${s.shade('#a8741e', 0.25)}"`),
        ellipse(0, 0, R * 0.6, R * 0.3, `fill="#f3d36a"`),
        ellipse(0, 0, R * 0.52, R * 0.24, `fill="${s.shade('#d9a33a', 0.1)}"`),
      );
      o += g(
        `transform="rotate(${rot + 90} ${f(x)} ${f(y)})"`,
        texturedBlob(s, rng, x, y, R * 0.2, R * 0.46, '#d89a3a', '#6b3a10', 0.35, 0.45, 0.05),
      );
      for (let i = 0; i < 3; i++)
        o += shrimp(s, x + rng.jitter(0, R * 0.1), y + (i - 1) * R * 0.22, R * 0.16, rng.range(0, 360));
      for (let i = 0; i < 14; i++)
        o += cube(
          s,
          x + rng.jitter(0, R * 0.18),
          y + rng.jitter(0, R * 0.38),
          R * 0.03,
          0,
          rng.pick(['#6aa63f', '#e8842a', '#c8402c']),
        );
    }
    return o;
  },
  sushiEggRolls(s, rng, cx, cy, R) {
    let o = board(s, cx - R * 1.1, cy - R * 0.55, R * 2.2, R * 1.1);
    for (let i = 0; i < 5; i++) {
      const x = cx - R * 0.8 + i * R * 0.26;
      const y = cy - R * 0.18;
      o += circle(x + 3, y + 6, R * 0.12, `fill="#000" opacity=".4" filter="${s.blur(4)}"`);
      o += circle(x, y, R * 0.12, `fill="#1d2a22"`);
      o += circle(
        x,
        y,
        R * 0.1,
        `fill="${s.radial([
          [0, '#fbf7ee'],
          [1, '#e3dccd'],
        ])}"`,
      );
      o += circle(x, y, R * 0.1, `fill="#fff" filter="${s.speckle('#cfc6b2', 0.5, 0.5, 17)}" opacity=".8"`);
      o +=
        ellipse(x - R * 0.02, y, R * 0.045, R * 0.03, `fill="#ef8a5e"`) +
        ellipse(x + R * 0.035, y + R * 0.02, R * 0.025, R * 0.02, `fill="#7cae45"`);
    }
    for (let i = 0; i < 3; i++) {
      const x = cx - R * 0.45 + i * R * 0.32;
      const y = cy + R * 0.25;
      o += g(
        tr(x, y, -20 + i * 8),
        rect(
          -R * 0.11 + 4,
          -R * 0.28 + 8,
          R * 0.22,
          R * 0.56,
          `rx="${f(R * 0.1)}" fill="#000" opacity=".4" filter="${s.blur(5)}"`,
        ),
        rect(
          -R * 0.11,
          -R * 0.28,
          R * 0.22,
          R * 0.56,
          `rx="${f(R * 0.1)}" fill="${s.linear(
            [
              [0, '#f0c06a'],
              [0.5, '#d99336'],
              [1, '#9a5a1c'],
            ],
            0,
            0,
            1,
            0,
          )}"`,
        ),
        path(
          `M${f(-R * 0.1)} ${f(-R * 0.1)}l${f(R * 0.2)} ${f(R * 0.04)}M${f(-R * 0.1)} ${f(R * 0.05)}l${f(R * 0.2)} ${f(R * 0.04)}`,
          `stroke="#8a4a12" stroke-width="2" opacity=".6"`,
        ),
      );
    }
    o +=
      plate(s, cx + R * 0.72, cy + R * 0.25, R * 0.2, 'black') +
      circle(
        cx + R * 0.72,
        cy + R * 0.25,
        R * 0.13,
        `fill="${s.radial([
          [0, '#7a3414'],
          [1, '#3a140a'],
        ])}"`,
      );
    o += dots(s, rng, cx + R * 0.72, cy + R * 0.25, R * 0.05, 0, 6, 6, R * 0.012, '#f1e3b5');
    return o;
  },
  shrimpCocktailSnapper(s, rng, cx, cy, R) {
    let o =
      shadow(s, cx - R * 0.2, cy + R * 0.15, R * 0.95, R * 0.55, 0.55) +
      ellipse(
        cx - R * 0.2,
        cy + R * 0.15,
        R * 0.95,
        R * 0.55,
        `fill="${s.radial([
          [0.88, '#efe9dd'],
          [1, '#b7ab96'],
        ])}"`,
      );
    const fx = cx - R * 0.25;
    const fy = cy + R * 0.15;
    const body = `M${f(fx - R * 0.6)} ${f(fy)}C${f(fx - R * 0.4)} ${f(fy - R * 0.3)} ${f(fx + R * 0.3)} ${f(fy - R * 0.3)} ${f(fx + R * 0.5)} ${f(fy)}L${f(fx + R * 0.75)} ${f(fy - R * 0.2)}L${f(fx + R * 0.7)} ${f(fy)}L${f(fx + R * 0.75)} ${f(fy + R * 0.2)}L${f(fx + R * 0.5)} ${f(fy)}C${f(fx + R * 0.3)} ${f(fy + R * 0.3)} ${f(fx - R * 0.4)} ${f(fy + R * 0.3)} ${f(fx - R * 0.6)} ${f(fy)}Z`;
    o +=
      path(body, `fill="#000" opacity=".4" transform="translate(6 10)" filter="${s.blur(8)}"`) +
      path(
        body,
        `fill="${s.linear([
          [0, '#e5604a'],
          [0.5, '#c7352c'],
          [1, '#f3a48a'],
        ])}"`,
      );
    o += path(
      `M${f(fx - R * 0.2)} ${f(fy - R * 0.2)}l${f(-R * 0.06)} ${f(R * 0.4)}M${f(fx)} ${f(fy - R * 0.22)}l${f(-R * 0.06)} ${f(R * 0.44)}M${f(fx + R * 0.2)} ${f(fy - R * 0.2)}l${f(-R * 0.06)} ${f(R * 0.4)}`,
      `stroke="#6e1a12" stroke-width="${f(R * 0.02)}" opacity=".6"`,
    );
    o += circle(fx - R * 0.45, fy - R * 0.04, R * 0.03, `fill="#1a1a1a"`);
    for (let i = 0; i < 3; i++) o += lemonHalf(s, fx - R * 0.15 + i * R * 0.2, fy + R * 0.02, R * 0.07);
    o += herbs(s, rng, fx, fy, R * 0.25, 8, R * 0.06, ['#3f7a2b']);
    const gx = cx + R * 0.62;
    const gy = cy - R * 0.45;
    o +=
      shadow(s, gx, gy, R * 0.32, R * 0.32, 0.5) +
      circle(
        gx,
        gy,
        R * 0.32,
        `fill="${s.radial([
          [0.8, '#d8dfe0', 0.5],
          [0.95, '#fff', 0.7],
          [1, '#8a9597', 0.6],
        ])}"`,
      );
    o += circle(gx, gy, R * 0.18, `fill="${s.shade('#c2331f', 0.2)}"`);
    for (let i = 0; i < 7; i++) {
      const [x, y] = ring(7, i, R * 0.27);
      o += shrimp(s, gx + x, gy + y, R * 0.13, (i / 7) * 360 + 90);
    }
    return o;
  },
};
