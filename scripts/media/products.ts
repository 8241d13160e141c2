/** Products: the cookbook, the album and the seasoning jar (cookbook spreads are in cookbook-peek.ts). */
import { P, Svg, circle, darken, ellipse, f, g, path, rect, rngFrom, tr } from './lib.ts';
import { lighting } from './tableware.ts';
import { leaf } from './food-shapes.ts';
import { SANS, SERIF } from './props.ts';

export function emblem(_s: Svg, cx: number, cy: number, r: number, color: string) {
  return (
    circle(cx, cy, r, `fill="none" stroke="${color}" stroke-width="${f(r * 0.05)}"`) +
    circle(cx, cy, r * 0.82, `fill="none" stroke="${color}" stroke-width="${f(r * 0.015)}"`) +
    g(
      tr(cx, cy),
      path(
        `M${f(-r * 0.42)} ${f(r * 0.4)}C${f(-r * 0.5)} ${f(-r * 0.1)} ${f(-r * 0.1)} ${f(-r * 0.45)} ${f(r * 0.05)} ${f(-r * 0.55)}C${f(r * 0.05)} ${f(-r * 0.2)} ${f(r * 0.4)} ${f(-r * 0.05)} ${f(r * 0.3)} ${f(r * 0.25)}C${f(r * 0.22)} ${f(r * 0.45)} ${f(-r * 0.1)} ${f(r * 0.5)} ${f(-r * 0.42)} ${f(r * 0.4)}Z`,
        `fill="${color}"`,
      ),
      path(
        `M${f(-r * 0.35)} ${f(r * 0.33)}C${f(-r * 0.1)} ${f(r * 0.05)} ${f(0)} ${f(-r * 0.15)} ${f(r * 0.03)} ${f(-r * 0.42)}`,
        `stroke="${darken(color, 0.5)}" stroke-width="${f(r * 0.03)}" fill="none" stroke-linecap="round"`,
      ),
    )
  );
}
export function cookbookCover() {
  const w = 800,
    h = 1040;
  const s = new Svg(w, h);
  s.add(
    rect(
      0,
      0,
      w,
      h,
      `fill="${s.linear(
        [
          [0, '#24473a'],
          [1, '#0f2219'],
        ],
        0,
        0,
        1,
        1,
      )}"`,
    ),
  );
  s.add(rect(0, 0, w, h, `filter="${s.grain(0.9, 0.9, 3, 2)}" opacity=".12"`));
  s.add(
    rect(
      0,
      0,
      46,
      h,
      `fill="${s.linear(
        [
          [0, '#000', 0.5],
          [0.7, '#000', 0.15],
          [1, '#fff', 0.06],
        ],
        0,
        0,
        1,
        0,
      )}"`,
    ),
  );
  s.add(
    rect(90, 70, w - 150, h - 140, `fill="none" stroke="${P.gold}" stroke-width="3"`) +
      rect(104, 84, w - 178, h - 168, `fill="none" stroke="${P.gold}" stroke-width="1" stroke-opacity=".6"`),
  );
  const gold = s.linear(
    [
      [0, '#f1d88a'],
      [0.5, '#c9a24a'],
      [1, '#8f6c22'],
    ],
    0,
    0,
    1,
    1,
  );
  s.add(
    `<text x="${w / 2 + 18}" y="250" text-anchor="middle" ${SANS} font-size="24" letter-spacing="10" fill="${gold}">THE COOKBOOK</text>`,
  );
  s.add(
    `<text x="${w / 2 + 18}" y="400" text-anchor="middle" ${SERIF} font-size="150" letter-spacing="14" fill="${gold}">FEVA</text>`,
  );
  s.add(emblem(s, w / 2 + 18, 620, 130, '#d2ad56'));
  s.add(
    `<text x="${w / 2 + 18}" y="850" text-anchor="middle" ${SERIF} font-style="italic" font-size="32" fill="${gold}">Recipes, techniques &amp; stories</text>`,
  );
  s.add(
    `<text x="${w / 2 + 18}" y="905" text-anchor="middle" ${SANS} font-size="18" letter-spacing="6" fill="${gold}" opacity=".8">FROM A PRIVATE CHEF'S KITCHEN</text>`,
  );
  s.add(
    rect(
      0,
      0,
      w,
      h,
      `fill="${s.radial(
        [
          [0, '#fff', 0.1],
          [1, '#fff', 0],
        ],
        0.3,
        0.2,
        0.7,
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
          [0.6, '#000', 0],
          [1, '#000', 0.35],
        ],
        0.5,
        0.5,
        0.8,
      )}"`,
    ),
  );
  return s.toString();
}
export function albumCover() {
  const w = 1000,
    h = 1000;
  const s = new Svg(w, h);
  const rng = rngFrom('album');
  s.add(
    rect(
      0,
      0,
      w,
      h,
      `fill="${s.linear(
        [
          [0, '#2a1712'],
          [1, '#120c0a'],
        ],
        0,
        0,
        1,
        1,
      )}"`,
    ),
  );
  const cols = ['#f2c14e', '#e8923a', '#d4622e', '#c8402c', '#8f2a1d', '#4a1a14'];
  for (let i = cols.length - 1; i >= 0; i--) s.add(circle(w * 0.5, h * 0.62, 80 + i * 70, `fill="${cols[i]}"`));
  s.add(
    rect(
      0,
      h * 0.62,
      w,
      h * 0.38,
      `fill="${s.linear([
        [0, '#140d0b'],
        [1, '#0a0706'],
      ])}"`,
    ),
  );
  let wave = '';
  for (let i = 0; i < 9; i++) {
    const y = h * 0.66 + i * 30;
    wave += `M0 ${f(y)}`;
    for (let x = 0; x <= w; x += 50) wave += `L${x} ${f(y + Math.sin(x / 60 + i) * (14 - i) * rng.range(0.6, 1))}`;
  }
  s.add(path(wave, `fill="none" stroke="${P.saffron}" stroke-opacity=".35" stroke-width="2"`));
  s.add(
    `<text x="${w / 2}" y="150" text-anchor="middle" ${SERIF} font-size="120" letter-spacing="24" fill="#f3e8d3">FEVA</text>`,
  );
  s.add(
    `<text x="${w / 2}" y="210" text-anchor="middle" ${SANS} font-size="28" letter-spacing="16" fill="#f3e8d3" opacity=".8">THE SOUNDTRACK</text>`,
  );
  s.add(
    `<text x="${w / 2}" y="${h - 70}" text-anchor="middle" ${SANS} font-size="20" letter-spacing="8" fill="${P.saffron}" opacity=".8">MUSIC TO COOK BY</text>`,
  );
  s.add(rect(0, 0, w, h, `filter="${s.grain(0.8, 0.8, 7, 2)}" opacity=".1"`));
  return s.toString();
}
export function jar(s: Svg, cx: number, bottom: number, w: number, hgt: number) {
  const top = bottom - hgt;
  const body = `M${f(cx - w / 2)} ${f(top + hgt * 0.14)}Q${f(cx - w / 2)} ${f(top + hgt * 0.08)} ${f(cx - w * 0.4)} ${f(top + hgt * 0.08)}L${f(cx + w * 0.4)} ${f(top + hgt * 0.08)}Q${f(cx + w / 2)} ${f(top + hgt * 0.08)} ${f(cx + w / 2)} ${f(top + hgt * 0.14)}L${f(cx + w / 2)} ${f(bottom - 20)}Q${f(cx + w / 2)} ${f(bottom)} ${f(cx + w / 2 - 20)} ${f(bottom)}L${f(cx - w / 2 + 20)} ${f(bottom)}Q${f(cx - w / 2)} ${f(bottom)} ${f(cx - w / 2)} ${f(bottom - 20)}Z`;
  const clip = s.clip(`jar${cx}`, `<path d="${body}"/>`);
  const gold = s.linear(
    [
      [0, '#e9cc7a'],
      [0.5, '#c9a24a'],
      [1, '#9c7a2e'],
    ],
    0,
    0,
    1,
    0,
  );
  return (
    ellipse(cx, bottom, w * 0.6, 18, `fill="#000" opacity=".6" filter="${s.blur(14)}"`) +
    g(
      `clip-path="${clip}"`,
      rect(
        cx - w,
        top,
        w * 2,
        hgt,
        `fill="${s.linear([
          [0, '#7a3a18'],
          [1, '#4a2210'],
        ])}"`,
      ),
      rect(cx - w, top, w * 2, hgt, `filter="${s.speckle('#e0b24a', 0.35, 0.4, 5)}"`),
      rect(cx - w, top, w * 2, hgt, `filter="${s.speckle('#2a5a22', 0.4, 0.18, 8)}"`),
      rect(
        cx - w / 2,
        top + hgt * 0.36,
        w,
        hgt * 0.4,
        `fill="${s.linear([
          [0, '#1b1916'],
          [1, '#2a2622'],
        ])}"`,
      ),
      rect(cx - w / 2, top + hgt * 0.38, w, hgt * 0.36, `fill="none" stroke="${gold}" stroke-width="3"`),
      rect(cx - w / 2, top, w * 0.16, hgt, `fill="#fff" opacity=".16"`),
      rect(cx + w * 0.3, top, w * 0.05, hgt, `fill="#fff" opacity=".08"`),
      rect(
        cx - w / 2,
        top,
        w,
        hgt,
        `fill="${s.linear(
          [
            [0, '#000', 0.35],
            [0.3, '#000', 0],
            [0.75, '#000', 0],
            [1, '#000', 0.45],
          ],
          0,
          0,
          1,
          0,
        )}"`,
      ),
    ) +
    `<text x="${f(cx)}" y="${f(top + hgt * 0.53)}" text-anchor="middle" ${SERIF} font-size="${f(w * 0.2)}" letter-spacing="${f(w * 0.03)}" fill="${gold}">FEVA</text>` +
    `<text x="${f(cx)}" y="${f(top + hgt * 0.61)}" text-anchor="middle" ${SANS} font-size="${f(w * 0.052)}" letter-spacing="${f(w * 0.012)}" fill="#f3e8d3">ALL-PURPOSE</text>` +
    `<text x="${f(cx)}" y="${f(top + hgt * 0.67)}" text-anchor="middle" ${SANS} font-size="${f(w * 0.052)}" letter-spacing="${f(w * 0.012)}" fill="#f3e8d3">SEASONING</text>` +
    rect(
      cx - w * 0.46,
      top,
      w * 0.92,
      hgt * 0.1,
      `rx="8" fill="${s.linear(
        [
          [0, '#2a2622'],
          [0.2, '#4a443d'],
          [0.5, '#1c1a17'],
          [1, '#0e0d0c'],
        ],
        0,
        0,
        1,
        0,
      )}"`,
    ) +
    path(
      `M${f(cx - w * 0.44)} ${f(top + hgt * 0.035)}h${f(w * 0.88)}M${f(cx - w * 0.44)} ${f(top + hgt * 0.065)}h${f(w * 0.88)}`,
      `stroke="#fff" stroke-opacity=".08" stroke-width="2"`,
    )
  );
}
export function seasoningJar() {
  const w = 900,
    h = 900;
  const s = new Svg(w, h);
  const rng = rngFrom('seasoningJar');
  s.add(
    rect(
      0,
      0,
      w,
      h * 0.7,
      `fill="${s.radial(
        [
          [0, '#3a2a1c'],
          [1, '#14100c'],
        ],
        0.5,
        0.4,
        0.7,
      )}"`,
    ),
  );
  s.add(
    rect(
      0,
      h * 0.7,
      w,
      h * 0.3,
      `fill="${s.linear([
        [0, '#3b2a1e'],
        [1, '#1a130d'],
      ])}"`,
    ) + rect(0, h * 0.7, w, h * 0.3, `filter="${s.grain(0.004, 0.1, 3, 3)}" opacity=".2"`),
  );
  s.add(jar(s, w * 0.5, h * 0.8, 330, 470));
  for (let i = 0; i < 26; i++) {
    const x = rng.range(w * 0.05, w * 0.95);
    const y = rng.range(h * 0.78, h * 0.97);
    if (Math.abs(x - w / 2) < 180 && y < h * 0.84) continue;
    s.add(circle(x, y, rng.range(5, 9), `fill="${s.shade('#2a1d14', 0.35)}"`));
  }
  s.add(
    leaf(s, w * 0.13, h * 0.88, 120, -20, '#3d6b2a', 0.35) +
      leaf(s, w * 0.16, h * 0.9, 100, -50, P.herb, 0.35) +
      leaf(s, w * 0.8, h * 0.86, 110, 200, P.herb, 0.35),
  );
  s.add(
    g(
      tr(w * 0.84, h * 0.9, -20),
      path(`M0 0C40 -10 90 -8 130 6C90 14 40 14 0 0Z`, `fill="${s.shade(P.tomato, 0.3)}"`),
      path(`M0 0l-20 -8`, `stroke="#3f6b2a" stroke-width="6" stroke-linecap="round"`),
    ),
  );
  s.add(lighting(s, 0.35, 0.2, 0.22, 0.5));
  return s.toString();
}
