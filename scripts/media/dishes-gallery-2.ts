/** The last nine gallery dishes, in gallery order (mushroom tart to pavlova). */
import { blobD, circle, ellipse, f, g, path, rect, tr } from './lib.ts';
import { plate, shadow } from './tableware.ts';
import { blob, dots, herbs, leaf, smear, texturedBlob } from './food-shapes.ts';
import { cherryTomato, cube, lemonHalf, mintSprig, raspberry, shrimp, slice, strawberryHalf } from './ingredients.ts';
import { type Dish, ring } from './dish.ts';

export const galleryDishes2: Record<string, Dish> = {
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
};
