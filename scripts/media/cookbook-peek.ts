/** Cookbook spreads: the cookbook open at a recipe, a technique, notes or a chapter page. */
import { P, Svg, circle, g, rect, rngFrom, tr } from './lib.ts';
import { board, lighting, surface } from './tableware.ts';
import { cube } from './ingredients.ts';
import { dishes } from './dishes.ts';
import { SANS, SERIF, textLines } from './props.ts';

// ── Cookbook spreads ──────────────────────────────────────────────────────────────────────────────
export function cookbookPeek(seed: string, dish: string, variant: 'recipe' | 'technique' | 'notes' | 'chapter') {
  const w = 1200,
    h = 900;
  const s = new Svg(w, h);
  const rng = rngFrom(seed);
  s.add(surface(s, 'walnut', rng.int(1, 40)));
  const bx = 90,
    by = 110,
    bw = w - 180,
    bh = h - 200;
  s.add(rect(bx + 14, by + 24, bw, bh, `fill="#000" opacity=".6" filter="${s.blur(18)}"`));
  s.add(rect(bx - 8, by - 8, bw + 16, bh + 16, `rx="6" fill="#1f3b2c"`));
  s.add(
    rect(
      bx,
      by,
      bw / 2,
      bh,
      `fill="${s.linear(
        [
          [0, '#f4ecdb'],
          [0.9, '#e9dfc8'],
          [1, '#cfc3a8'],
        ],
        0,
        0,
        1,
        0,
      )}"`,
    ),
  );
  s.add(
    rect(
      bx + bw / 2,
      by,
      bw / 2,
      bh,
      `fill="${s.linear(
        [
          [0, '#cfc3a8'],
          [0.08, '#ece3cd'],
          [1, '#f4ecdb'],
        ],
        0,
        0,
        1,
        0,
      )}"`,
    ),
  );
  const ink = '#3a3129';
  const lx = bx + 50,
    rx0 = bx + bw / 2 + 50,
    pw = bw / 2 - 100;
  const photo = (x: number, y: number, pw2: number, ph: number) => {
    const sub = new Svg(pw2, ph);
    const clip = s.clip(`pc${x}${y}`, rect(x, y, pw2, ph));
    return (
      g(
        `clip-path="${clip}"`,
        rect(x, y, pw2, ph, `fill="#231a13"`),
        g(tr(x + pw2 / 2, y + ph / 2), dishes[dish]!(s, rng, 0, 0, Math.min(pw2, ph) * 0.42)),
      ) + (sub ? '' : '')
    );
  };
  if (variant === 'chapter') {
    s.add(rect(bx, by, bw / 2, bh, `fill="#1d2a22"`));
    s.add(photo(bx + 30, by + 30, bw / 2 - 60, bh - 60));
    s.add(`<text x="${rx0}" y="${by + 150}" ${SERIF} font-size="64" fill="${ink}">Desserts</text>`);
    s.add(rect(rx0, by + 180, 80, 4, `fill="${P.gold}"`));
    s.add(textLines(rx0, by + 240, pw, 9, 30, '#9b8f7c', rng));
    for (let i = 0; i < 4; i++) s.add(raspberrySmall(s, rx0 + pw - 40 - i * 30, by + bh - 80 + (i % 2) * 12));
  } else if (variant === 'technique') {
    s.add(`<text x="${lx}" y="${by + 80}" ${SERIF} font-size="44" fill="${ink}">Knife skills</text>`);
    s.add(textLines(lx, by + 120, pw, 5, 26, '#9b8f7c', rng));
    for (let i = 0; i < 3; i++) {
      const px = rx0 + (i % 2) * (pw / 2 + 10);
      const py = by + 40 + i * 190;
      s.add(rect(px, py, pw / 2 - 10, 170, `fill="#2a1f17"`));
      s.add(
        g(
          `clip-path="${s.clip(`tk${i}`, rect(px, py, pw / 2 - 10, 170))}"`,
          board(s, px + 10, py + 20, pw / 2 - 30, 130),
          ...Array.from({ length: 3 + i * 3 }, (_, k) =>
            cube(
              s,
              px + 40 + (k % 5) * 34,
              py + 60 + Math.floor(k / 5) * 40,
              22 - i * 4,
              rng.range(0, 40),
              ['#e8842a', '#c8402c', '#7fa650'][i]!,
            ),
          ),
        ),
      );
      s.add(`<text x="${px + 14}" y="${py + 160}" ${SANS} font-size="20" fill="#f3e8d3">${i + 1}</text>`);
    }
    s.add(textLines(lx, by + 330, pw, 10, 26, '#9b8f7c', rng));
  } else {
    s.add(photo(lx - 20, by + 40, pw + 40, bh * 0.62));
    s.add(
      `<text x="${rx0}" y="${by + 90}" ${SERIF} font-size="44" fill="${ink}">${variant === 'notes' ? 'Summer salad' : 'Seared fish'}</text>`,
    );
    s.add(rect(rx0, by + 115, 60, 3, `fill="${P.gold}"`));
    s.add(textLines(rx0, by + 160, pw * 0.5, 7, 26, '#9b8f7c', rng));
    s.add(textLines(rx0, by + 370, pw, 7, 26, '#9b8f7c', rng));
    s.add(textLines(lx, by + bh * 0.62 + 90, pw, 5, 26, '#9b8f7c', rng));
    if (variant === 'notes')
      s.add(g(tr(rx0 + pw * 0.55, by + 170, -6), textLines(0, 0, pw * 0.42, 5, 30, '#a2341f', rng, true)));
  }
  s.add(
    rect(
      bx + bw / 2 - 30,
      by,
      60,
      bh,
      `fill="${s.linear(
        [
          [0, '#000', 0],
          [0.5, '#000', 0.22],
          [1, '#000', 0],
        ],
        0,
        0,
        1,
        0,
      )}"`,
    ),
  );
  s.add(lighting(s, 0.3, 0.2, 0.18, 0.55));
  return s.toString();
}
function raspberrySmall(s: Svg, x: number, y: number) {
  return circle(x, y, 12, `fill="${s.shade('#b81f40', 0.3)}"`);
}
