/** People: portraits and the chef at the stove. */
import { P, Svg, circle, darken, ellipse, f, g, lighten, path, rect, rngFrom, tr } from './lib.ts';
import { lighting } from './tableware.ts';
import { chunk, cube } from './ingredients.ts';

export interface Person {
  skin: string;
  hair: string;
  style: 'short' | 'curly' | 'bun' | 'toque' | 'wavy';
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
  s.add(
    rect(
      0,
      0,
      w,
      h,
      `fill="${s.linear(
        [
          [0, p.bg[0]],
          [1, p.bg[1]],
        ],
        0,
        0,
        0.6,
        1,
      )}"`,
    ),
  );
  for (let i = 0; i < 14; i++)
    s.add(
      circle(
        rng.range(0, w),
        rng.range(0, h * 0.7),
        rng.range(w * 0.03, w * 0.09),
        `fill="${rng.pick(['#ffcf86', '#f2a94a', '#fff2d6'])}" opacity="${f(rng.range(0.08, 0.3))}" filter="${s.blur(Math.round(w * 0.012))}"`,
      ),
    );
  const cx = w / 2;
  const hy = h * 0.43;
  const rx = w * 0.16;
  const ry = w * 0.205;
  const skinFill = s.radial(
    [
      [0, lighten(p.skin, 0.12)],
      [0.7, p.skin],
      [1, darken(p.skin, 0.22)],
    ],
    0.4,
    0.38,
    0.7,
  );
  // shoulders and outfit
  const sh = `M${f(w * 0.04)} ${f(h)}C${f(w * 0.06)} ${f(h * 0.78)} ${f(w * 0.2)} ${f(h * 0.7)} ${f(cx - rx * 0.6)} ${f(h * 0.66)}L${f(cx + rx * 0.6)} ${f(h * 0.66)}C${f(w * 0.8)} ${f(h * 0.7)} ${f(w * 0.94)} ${f(h * 0.78)} ${f(w * 0.96)} ${f(h)}Z`;
  s.add(rect(cx - rx * 0.45, hy + ry * 0.6, rx * 0.9, h * 0.2, `fill="${darken(p.skin, 0.12)}"`));
  s.add(
    path(
      sh,
      `fill="${s.linear(
        [
          [0, lighten(p.outfit, 0.12)],
          [1, darken(p.outfit, 0.25)],
        ],
        0,
        0,
        1,
        1,
      )}"`,
    ),
  );
  if (p.chef) {
    s.add(
      path(
        `M${f(cx - rx * 0.75)} ${f(h * 0.655)}L${f(cx + rx * 0.2)} ${f(h * 0.82)}L${f(cx + rx * 0.85)} ${f(h * 0.66)}`,
        `fill="none" stroke="#d9d4cb" stroke-width="6"`,
      ),
    );
    s.add(path(`M${f(cx + rx * 0.2)} ${f(h * 0.82)}L${f(cx + rx * 0.2)} ${f(h)}`, `stroke="#d2ccc1" stroke-width="4"`));
    for (let i = 0; i < 3; i++)
      for (const dx of [-0.45, 0.85]) s.add(circle(cx + rx * dx, h * (0.78 + i * 0.08), w * 0.012, `fill="#2a2622"`));
    s.add(
      path(
        `M${f(cx - rx * 0.6)} ${f(h * 0.66)}Q${f(cx)} ${f(h * 0.72)} ${f(cx + rx * 0.6)} ${f(h * 0.66)}L${f(cx + rx * 0.62)} ${f(h * 0.63)}Q${f(cx)} ${f(h * 0.69)} ${f(cx - rx * 0.62)} ${f(h * 0.63)}Z`,
        `fill="#f4f1ea"`,
      ),
    );
    s.add(rect(cx - w * 0.34, h * 0.86, w * 0.16, w * 0.04, `rx="4" fill="${P.tomato}" opacity=".0"`));
  } else {
    s.add(
      path(
        `M${f(cx - rx * 0.55)} ${f(h * 0.66)}L${f(cx)} ${f(h * 0.76)}L${f(cx + rx * 0.55)} ${f(h * 0.66)}`,
        `fill="${darken(p.skin, 0.05)}"`,
      ),
    );
  }
  // hair behind head
  if (p.style === 'curly')
    for (let i = 0; i < 22; i++) {
      const a = Math.PI * (0.95 + (i / 21) * 1.1);
      s.add(
        circle(
          cx + Math.cos(a) * rx * 1.15,
          hy + Math.sin(a) * ry * 1.0 + ry * 0.15,
          rx * rng.range(0.28, 0.38),
          `fill="${s.shade(p.hair, 0.2)}"`,
        ),
      );
    }
  if (p.style === 'wavy')
    s.add(
      path(
        `M${f(cx - rx * 1.2)} ${f(hy + ry * 1.3)}C${f(cx - rx * 1.5)} ${f(hy - ry * 0.5)} ${f(cx - rx * 0.8)} ${f(hy - ry * 1.35)} ${f(cx)} ${f(hy - ry * 1.15)}C${f(cx + rx * 0.8)} ${f(hy - ry * 1.35)} ${f(cx + rx * 1.5)} ${f(hy - ry * 0.5)} ${f(cx + rx * 1.2)} ${f(hy + ry * 1.3)}Z`,
        `fill="${s.shade(p.hair, 0.15)}"`,
      ),
    );
  // ears, head
  s.add(
    ellipse(cx - rx * 0.98, hy + ry * 0.1, rx * 0.2, ry * 0.24, `fill="${darken(p.skin, 0.06)}"`) +
      ellipse(cx + rx * 0.98, hy + ry * 0.1, rx * 0.2, ry * 0.24, `fill="${darken(p.skin, 0.06)}"`),
  );
  if (p.earrings)
    s.add(
      circle(cx - rx * 0.98, hy + ry * 0.32, w * 0.012, `fill="${P.gold}"`) +
        circle(cx + rx * 0.98, hy + ry * 0.32, w * 0.012, `fill="${P.gold}"`),
    );
  const head = `M${f(cx)} ${f(hy - ry)}C${f(cx + rx * 0.75)} ${f(hy - ry)} ${f(cx + rx)} ${f(hy - ry * 0.5)} ${f(cx + rx)} ${f(hy)}C${f(cx + rx)} ${f(hy + ry * 0.65)} ${f(cx + rx * 0.45)} ${f(hy + ry)} ${f(cx)} ${f(hy + ry)}C${f(cx - rx * 0.45)} ${f(hy + ry)} ${f(cx - rx)} ${f(hy + ry * 0.65)} ${f(cx - rx)} ${f(hy)}C${f(cx - rx)} ${f(hy - ry * 0.5)} ${f(cx - rx * 0.75)} ${f(hy - ry)} ${f(cx)} ${f(hy - ry)}Z`;
  s.add(path(head, `fill="${skinFill}"`));
  // face
  const ey = hy + ry * 0.05;
  const ex = rx * 0.4;
  const dark = darken(p.skin, 0.6);
  s.add(
    path(
      `M${f(cx - ex - rx * 0.13)} ${f(ey)}q${f(rx * 0.13)} ${f(-ry * 0.09)} ${f(rx * 0.26)} 0M${f(cx + ex - rx * 0.13)} ${f(ey)}q${f(rx * 0.13)} ${f(-ry * 0.09)} ${f(rx * 0.26)} 0`,
      `fill="none" stroke="${dark}" stroke-width="${f(w * 0.008)}" stroke-linecap="round"`,
    ),
  );
  s.add(
    path(
      `M${f(cx - ex - rx * 0.17)} ${f(ey - ry * 0.16)}q${f(rx * 0.17)} ${f(-ry * 0.08)} ${f(rx * 0.32)} ${f(-ry * 0.01)}M${f(cx + ex + rx * 0.17)} ${f(ey - ry * 0.16)}q${f(-rx * 0.17)} ${f(-ry * 0.08)} ${f(-rx * 0.32)} ${f(-ry * 0.01)}`,
      `fill="none" stroke="${darken(p.hair, 0.1)}" stroke-width="${f(w * 0.011)}" stroke-linecap="round"`,
    ),
  );
  s.add(
    path(
      `M${f(cx + rx * 0.02)} ${f(ey + ry * 0.05)}q${f(rx * 0.09)} ${f(ry * 0.2)} ${f(-rx * 0.06)} ${f(ry * 0.24)}`,
      `fill="none" stroke="${darken(p.skin, 0.3)}" stroke-width="${f(w * 0.006)}" stroke-linecap="round"`,
    ),
  );
  s.add(
    path(
      `M${f(cx - rx * 0.3)} ${f(hy + ry * 0.48)}Q${f(cx)} ${f(hy + ry * 0.7)} ${f(cx + rx * 0.3)} ${f(hy + ry * 0.48)}Q${f(cx)} ${f(hy + ry * 0.58)} ${f(cx - rx * 0.3)} ${f(hy + ry * 0.48)}Z`,
      `fill="#fbf6ee" stroke="${darken(p.skin, 0.45)}" stroke-width="${f(w * 0.006)}" stroke-linejoin="round"`,
    ),
  );
  s.add(
    circle(cx - rx * 0.55, hy + ry * 0.35, rx * 0.16, `fill="#e0705a" opacity=".18"`) +
      circle(cx + rx * 0.55, hy + ry * 0.35, rx * 0.16, `fill="#e0705a" opacity=".18"`),
  );
  if (p.beard)
    s.add(
      path(
        `M${f(cx - rx * 0.98)} ${f(hy + ry * 0.1)}C${f(cx - rx * 0.9)} ${f(hy + ry * 1.2)} ${f(cx + rx * 0.9)} ${f(hy + ry * 1.2)} ${f(cx + rx * 0.98)} ${f(hy + ry * 0.1)}C${f(cx + rx * 0.7)} ${f(hy + ry * 0.6)} ${f(cx + rx * 0.35)} ${f(hy + ry * 0.38)} ${f(cx)} ${f(hy + ry * 0.4)}C${f(cx - rx * 0.35)} ${f(hy + ry * 0.38)} ${f(cx - rx * 0.7)} ${f(hy + ry * 0.6)} ${f(cx - rx * 0.98)} ${f(hy + ry * 0.1)}Z`,
        `fill="${s.shade(p.hair, 0.15)}"`,
      ) +
        path(
          `M${f(cx - rx * 0.22)} ${f(hy + ry * 0.53)}Q${f(cx)} ${f(hy + ry * 0.66)} ${f(cx + rx * 0.22)} ${f(hy + ry * 0.53)}`,
          `stroke="#f4ece0" stroke-width="${f(w * 0.006)}" fill="none" stroke-linecap="round"`,
        ),
    );
  if (p.glasses)
    s.add(
      path(
        `M${f(cx - ex - rx * 0.24)} ${f(ey - ry * 0.02)}a${f(rx * 0.24)} ${f(ry * 0.17)} 0 1 0 ${f(rx * 0.48)} 0a${f(rx * 0.24)} ${f(ry * 0.17)} 0 1 0 ${f(-rx * 0.48)} 0M${f(cx + ex - rx * 0.24)} ${f(ey - ry * 0.02)}a${f(rx * 0.24)} ${f(ry * 0.17)} 0 1 0 ${f(rx * 0.48)} 0a${f(rx * 0.24)} ${f(ry * 0.17)} 0 1 0 ${f(-rx * 0.48)} 0M${f(cx - ex + rx * 0.24)} ${f(ey - ry * 0.04)}h${f(ex * 2 - rx * 0.48)}`,
        `fill="none" stroke="#1d1a17" stroke-width="${f(w * 0.008)}"`,
      ),
    );
  // hair on top
  const cap = `M${f(cx - rx * 1.06)} ${f(hy + ry * 0.05)}C${f(cx - rx * 1.2)} ${f(hy - ry * 1.45)} ${f(cx + rx * 1.2)} ${f(hy - ry * 1.5)} ${f(cx + rx * 1.06)} ${f(hy + ry * 0.05)}C${f(cx + rx * 0.9)} ${f(hy - ry * 0.45)} ${f(cx + rx * 0.2)} ${f(hy - ry * 0.62)} ${f(cx - rx * 0.3)} ${f(hy - ry * 0.55)}C${f(cx - rx * 0.7)} ${f(hy - ry * 0.5)} ${f(cx - rx * 0.95)} ${f(hy - ry * 0.3)} ${f(cx - rx * 1.04)} ${f(hy + ry * 0.05)}Z`;
  if (p.style === 'short' || p.style === 'bun' || p.style === 'wavy')
    s.add(path(cap, `fill="${s.shade(p.hair, 0.18)}"`));
  if (p.style === 'bun') s.add(circle(cx + rx * 0.1, hy - ry * 1.12, rx * 0.42, `fill="${s.shade(p.hair, 0.2)}"`));
  if (p.style === 'curly')
    for (let i = 0; i < 12; i++) {
      const a = Math.PI * (1.1 + (i / 11) * 0.8);
      s.add(
        circle(
          cx + Math.cos(a) * rx * 0.85,
          hy + Math.sin(a) * ry * 0.85,
          rx * rng.range(0.25, 0.32),
          `fill="${s.shade(p.hair, 0.22)}"`,
        ),
      );
    }
  if (p.style === 'toque') {
    s.add(path(cap, `fill="${s.shade(p.hair, 0.18)}"`));
    const tb = hy - ry * 0.5;
    const white = s.linear(
      [
        [0, '#fbf9f4'],
        [0.7, '#e9e4da'],
        [1, '#cfc8ba'],
      ],
      0,
      0,
      1,
      0,
    );
    s.add(
      path(
        `M${f(cx - rx * 0.95)} ${f(tb - ry * 0.4)}L${f(cx - rx * 1.2)} ${f(tb - ry * 1.15)}L${f(cx + rx * 1.2)} ${f(tb - ry * 1.15)}L${f(cx + rx * 0.95)} ${f(tb - ry * 0.4)}Z`,
        `fill="${white}"`,
      ),
    );
    for (const [dx, dy, r] of [
      [-0.8, -1.2, 0.5],
      [0.8, -1.2, 0.5],
      [-0.35, -1.38, 0.58],
      [0.35, -1.38, 0.58],
    ] as const)
      s.add(circle(cx + rx * dx, tb + ry * dy, rx * r, `fill="${s.shade('#f7f4ee', 0.1)}"`));
    s.add(
      path(
        `M${f(cx - rx * 0.5)} ${f(tb - ry * 0.42)}L${f(cx - rx * 0.62)} ${f(tb - ry * 1.0)}M${f(cx)} ${f(tb - ry * 0.42)}V${f(tb - ry * 1.05)}M${f(cx + rx * 0.5)} ${f(tb - ry * 0.42)}L${f(cx + rx * 0.62)} ${f(tb - ry * 1.0)}`,
        `stroke="#d5cec0" stroke-width="3" stroke-linecap="round"`,
      ),
    );
    s.add(rect(cx - rx * 1.0, tb - ry * 0.45, rx * 2, ry * 0.48, `rx="${f(rx * 0.08)}" fill="${white}"`));
    s.add(path(`M${f(cx - rx)} ${f(tb)}h${f(rx * 2)}`, `stroke="#000" stroke-opacity=".15" stroke-width="4"`));
  }
  s.add(
    rect(
      0,
      0,
      w,
      h,
      `fill="${s.radial(
        [
          [0, '#ffd9a0', 0.18],
          [1, '#ffd9a0', 0],
        ],
        0.2,
        0.2,
        0.8,
      )}"`,
    ),
  );
  s.add(
    rect(
      0,
      0,
      w,
      h,
      `fill="${s.radial(
        [
          [0.55, '#000', 0],
          [1, '#000', 0.5],
        ],
        0.5,
        0.45,
        0.75,
      )}"`,
    ),
  );
  return s.toString();
}

export function chefCooking() {
  const w = 1200,
    h = 900;
  const s = new Svg(w, h);
  const rng = rngFrom('chefCooking');
  s.add(
    rect(
      0,
      0,
      w,
      h,
      `fill="${s.linear([
        [0, '#2b231c'],
        [1, '#0f0d0b'],
      ])}"`,
    ),
  );
  for (let i = 0; i < 12; i++)
    s.add(
      circle(
        rng.range(0, w),
        rng.range(0, h * 0.5),
        rng.range(20, 60),
        `fill="#ffc47a" opacity="${f(rng.range(0.06, 0.2))}" filter="${s.blur(12)}"`,
      ),
    );
  // tiled splashback
  let tiles = '';
  for (let y = 0; y < h * 0.55; y += 60)
    for (let x = (y / 60) % 2 ? -60 : 0; x < w; x += 120) tiles += `M${x} ${y}h118v58h-118Z`;
  s.add(path(tiles, `fill="none" stroke="#fff" stroke-opacity=".05" stroke-width="2"`));
  // stove
  s.add(
    rect(
      0,
      h * 0.7,
      w,
      h * 0.3,
      `fill="${s.linear([
        [0, '#3a3835'],
        [0.1, '#1d1c1b'],
        [1, '#121110'],
      ])}"`,
    ),
  );
  s.add(ellipse(w * 0.5, h * 0.72, 210, 22, `fill="#0b0a09"`));
  // flames
  for (let i = 0; i < 13; i++) {
    const x = w * 0.5 + (i - 6) * 30;
    const fh = 70 + Math.sin(i * 1.7) * 22 + rng.range(0, 20);
    s.add(
      path(
        `M${f(x - 14)} ${f(h * 0.72)}Q${f(x - 10)} ${f(h * 0.72 - fh * 0.6)} ${f(x + rng.jitter(0, 6))} ${f(h * 0.72 - fh)}Q${f(x + 10)} ${f(h * 0.72 - fh * 0.6)} ${f(x + 14)} ${f(h * 0.72)}Z`,
        `fill="${s.linear(
          [
            [0, '#fff1b0'],
            [0.4, '#ffab3a'],
            [1, '#3a6cff', 0.8],
          ],
          0,
          0,
          0,
          1,
        )}" opacity=".9"`,
      ),
    );
  }
  s.add(ellipse(w * 0.5, h * 0.66, 300, 90, `fill="#ff9a2a" opacity=".25" filter="${s.blur(40)}"`));
  // pan (side view, tilted)
  s.add(
    g(
      tr(w * 0.47, h * 0.6, -6),
      path(
        `M${f(230)} -10L${f(520)} -60L${f(525)} -38L${f(235)} 14Z`,
        `fill="${s.linear([
          [0, '#3a2a1c'],
          [1, '#1a120a'],
        ])}"`,
      ),
      path(
        `M-250 -20L250 -20L215 50Q210 62 190 62L-190 62Q-210 62 -215 50Z`,
        `fill="${s.linear([
          [0, '#4a4a4c'],
          [0.3, '#2a2a2b'],
          [1, '#0e0e0f'],
        ])}"`,
      ),
      ellipse(0, -20, 250, 30, `fill="#19191a"`),
      ellipse(0, -22, 230, 22, `fill="#2c2b2a"`),
    ),
  );
  // tossed vegetables arcing above the pan
  for (let i = 0; i < 26; i++) {
    const t = i / 25;
    const x = w * 0.32 + t * w * 0.34 + rng.jitter(0, 30);
    const y = h * 0.52 - Math.sin(t * Math.PI) * h * 0.3 + rng.jitter(0, 25);
    const c = rng.pick(['#c8402c', '#e8b730', '#4f8a2e', '#d66a23', '#7fa650', '#f2efe4']);
    s.add(
      rng.next() > 0.4
        ? cube(s, x, y, rng.range(16, 28), rng.range(0, 90), c)
        : chunk(s, rng, x, y, rng.range(9, 15), c),
    );
  }
  let steam = '';
  for (let i = 0; i < 5; i++) steam += `M${f(w * 0.4 + i * 50)} ${f(h * 0.5)}c-30 -60 40 -100 0 -170s30 -120 0 -180`;
  s.add(
    path(
      steam,
      `stroke="#fff" stroke-opacity=".12" stroke-width="26" fill="none" stroke-linecap="round" filter="${s.blur(14)}"`,
    ),
  );
  s.add(lighting(s, 0.5, 0.7, 0.16, 0.6));
  return s.toString();
}
