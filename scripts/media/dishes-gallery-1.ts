/** The first eleven gallery dishes, in gallery order (scallops to short rib). */
import { blobD, circle, ellipse, f, g, path } from './lib.ts';
import { plate } from './tableware.ts';
import { blob, dots, herbs, leaf, smear, texturedBlob } from './food-shapes.ts';
import { asparagus, chunk, cube, grillMarks, lemonHalf, scallop, shrimp, tomatoSlice } from './ingredients.ts';
import { type Dish, ring } from './dish.ts';

export const galleryDishes1: Record<string, Dish> = {
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
};
