/** The dishes of the recipe cards. */
import { circle, ellipse, f, g, path, rect, tr } from './lib.ts';
import { board, plate, shadow } from './tableware.ts';
import { dots, herbs, leaf, smear, texturedBlob } from './food-shapes.ts';
import { cube, lemonHalf, shrimp } from './ingredients.ts';
import { type Dish, ring } from './dish.ts';

export const recipeDishes: Record<string, Dish> = {
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
