/** Scenes of food being cooked or made: the seasoning in use and the video thumbnails. */
import { circle, ellipse, f, path, rect } from './lib.ts';
import { glassSide, plate, shadow, surface } from './tableware.ts';
import { herbs, leaf, texturedBlob } from './food-shapes.ts';
import { cherryTomato, chunk, lemonHalf, lettuce, mintSprig, shrimp, strawberryHalf } from './ingredients.ts';
import { dishes } from './dishes.ts';
import { jar } from './products.ts';
import { type SceneDraw } from './scene-context.ts';

const D = dishes;

export const cookingScenes = {
  panChicken({ s, rng, w, h, m }) {
    s.add(surface(s, 'slate', 10));
    const cx = w * 0.48,
      cy = h * 0.5,
      r = m * 0.4;
    s.add(
      path(`M${f(cx + r * 0.95)} ${f(cy - r * 0.1)}h${f(r * 0.7)}v${f(r * 0.2)}h${f(-r * 0.7)}Z`, `fill="#141414"`),
    );
    s.add(
      shadow(s, cx, cy, r, r, 0.6) +
        circle(
          cx,
          cy,
          r,
          `fill="${s.radial([
            [0.85, '#232323'],
            [1, '#444'],
          ])}"`,
        ) +
        circle(
          cx,
          cy,
          r * 0.88,
          `fill="${s.radial([
            [0, '#3a2a1a'],
            [1, '#17110b'],
          ])}"`,
        ),
    );
    for (let i = 0; i < 5; i++) {
      const [x, y] = [Math.cos(i * 1.256) * r * 0.45, Math.sin(i * 1.256) * r * 0.45];
      s.add(texturedBlob(s, rng, cx + x, cy + y, r * 0.26, r * 0.2, '#a8561e', '#3a1a08', 0.4, 0.5, 0.15));
    }
    s.add(circle(cx, cy, r * 0.85, `fill="#fff" filter="${s.speckle('#d65a1e', 0.3, 0.25, 19)}"`));
    s.add(herbs(s, rng, cx, cy, r * 0.6, 10, m * 0.04));
    s.add(jar(s, w * 0.88, h * 0.55, m * 0.2, m * 0.3).replace(/<text[^>]*>[^<]*<\/text>/g, ''));
  },
  roastTray({ s, rng, w, h, m }) {
    s.add(surface(s, 'walnut', 11));
    s.add(
      rect(w * 0.08 + 12, h * 0.1 + 20, w * 0.84, h * 0.8, `rx="30" fill="#000" opacity=".55" filter="${s.blur(16)}"`) +
        rect(
          w * 0.08,
          h * 0.1,
          w * 0.84,
          h * 0.8,
          `rx="30" fill="${s.radial([
            [0.8, '#3a3836'],
            [1, '#5a5855'],
          ])}"`,
        ),
    );
    for (let i = 0; i < 34; i++)
      s.add(
        chunk(
          s,
          rng,
          w * rng.range(0.15, 0.85),
          h * rng.range(0.2, 0.8),
          m * rng.range(0.04, 0.06),
          rng.pick(['#d9a548', '#d9a548', '#c8402c', '#7a2458', '#e8b730']),
        ),
      );
    s.add(herbs(s, rng, w * 0.5, h * 0.5, w * 0.35, 24, m * 0.035));
  },
  grillShrimp({ s, rng, w, h, m }) {
    s.add(rect(0, 0, w, h, `fill="#111"`));
    let bars = '';
    for (let y = 30; y < h; y += 70) bars += `M0 ${y}h${w}`;
    s.add(
      path(bars, `stroke="#3a3a3a" stroke-width="26"`) +
        path(bars, `stroke="#5a5a5a" stroke-width="6" transform="translate(0 -8)"`),
    );
    s.add(
      rect(
        0,
        0,
        w,
        h,
        `fill="${s.radial(
          [
            [0, '#ff7a1a', 0.35],
            [1, '#ff7a1a', 0],
          ],
          0.5,
          0.6,
          0.6,
        )}"`,
      ),
    );
    for (let k = 0; k < 3; k++) {
      const y = h * (0.25 + k * 0.25);
      s.add(
        path(
          `M${f(w * 0.1)} ${f(y)}L${f(w * 0.9)} ${f(y - 30)}`,
          `stroke="#c9a66b" stroke-width="8" stroke-linecap="round"`,
        ),
      );
      for (let i = 0; i < 5; i++) s.add(shrimp(s, w * (0.2 + i * 0.14), y - i * 6, m * 0.16, 180 + rng.jitter(0, 10)));
    }
    s.add(
      lemonHalf(s, w * 0.92, h * 0.12, m * 0.08, true, '#8cbf3a') +
        lemonHalf(s, w * 0.08, h * 0.9, m * 0.08, true, '#8cbf3a'),
    );
  },
  riceBeans({ s, rng, w, h, m }) {
    s.add(surface(s, 'greenLinen', 12));
    const cx = w * 0.5,
      cy = h * 0.5,
      R = m * 0.42;
    s.add(plate(s, cx, cy, R, 'bowl'));
    s.add(texturedBlob(s, rng, cx, cy, R * 0.68, R * 0.66, '#efe3c6', '#b8782f', 0.3, 0.35));
    for (let i = 0; i < 40; i++) {
      const a = rng.range(0, Math.PI * 2),
        d = Math.sqrt(rng.next()) * R * 0.6;
      s.add(
        ellipse(
          cx + Math.cos(a) * d,
          cy + Math.sin(a) * d,
          R * 0.04,
          R * 0.026,
          `fill="${s.shade('#6b1f1f', 0.3)}" transform="rotate(${f(rng.range(0, 180))} ${f(cx + Math.cos(a) * d)} ${f(cy + Math.sin(a) * d)})"`,
        ),
      );
    }
    s.add(circle(cx, cy, R * 0.66, `fill="#fff" filter="${s.speckle('#c2561e', 0.35, 0.12, 31)}"`));
    s.add(herbs(s, rng, cx, cy, R * 0.3, 12, R * 0.08));
    s.add(
      lemonHalf(s, w * 0.85, h * 0.25, m * 0.07, false, '#8cbf3a') +
        jar(s, w * 0.14, h * 0.8, m * 0.16, m * 0.24).replace(/<text[^>]*>[^<]*<\/text>/g, ''),
    );
  },
  juiceBar({ s, rng, w, h, m }) {
    s.add(
      rect(
        0,
        0,
        w,
        h,
        `fill="${s.linear([
          [0, '#26352a'],
          [1, '#0f1611'],
        ])}"`,
      ),
    );
    s.add(
      rect(
        0,
        h * 0.72,
        w,
        h * 0.28,
        `fill="${s.linear([
          [0, '#3b2a1e'],
          [1, '#1a130d'],
        ])}"`,
      ),
    );
    s.add(
      glassSide(s, w * 0.38, h * 0.8, m * 0.3, m * 0.55, ['#9cc63f', '#4f7d22']) +
        glassSide(s, w * 0.62, h * 0.82, m * 0.26, m * 0.45, ['#e0607a', '#7d8a2a']),
    );
    s.add(
      lettuce(s, rng, w * 0.15, h * 0.82, m * 0.1, '#3d6b2a') +
        strawberryHalf(s, rng, w * 0.82, h * 0.84, m * 0.1, 20) +
        lemonHalf(s, w * 0.88, h * 0.74, m * 0.06, false, '#8cbf3a'),
    );
  },
  dessertBuild({ s, rng, w, h, m }) {
    s.add(surface(s, 'slate', 13));
    s.add(D.pavlova!(s, rng, w * 0.38, h * 0.5, m * 0.4));
    for (let i = 0; i < 7; i++)
      s.add(
        strawberryHalf(s, rng, w * (0.72 + rng.jitter(0, 0.08)), h * (0.3 + i * 0.08), m * 0.07, rng.range(0, 360)),
      );
    s.add(mintSprig(s, w * 0.85, h * 0.75, m * 0.06, 30));
  },
  saucePot({ s, rng, w, h, m }) {
    s.add(surface(s, 'slate', 14));
    const cx = w * 0.45,
      cy = h * 0.5,
      r = m * 0.36;
    s.add(
      path(`M${f(cx + r * 0.9)} ${f(cy - r * 0.08)}h${f(r * 0.8)}v${f(r * 0.16)}h${f(-r * 0.8)}Z`, `fill="#8e9094"`),
    );
    s.add(
      shadow(s, cx, cy, r, r, 0.6) +
        circle(
          cx,
          cy,
          r,
          `fill="${s.radial([
            [0.88, '#b9bcc0'],
            [1, '#6a6d72'],
          ])}"`,
        ) +
        circle(
          cx,
          cy,
          r * 0.86,
          `fill="${s.radial(
            [
              [0, '#d8642a'],
              [0.7, '#a8341a'],
              [1, '#5a1a0a'],
            ],
            0.45,
            0.4,
            0.6,
          )}"`,
        ),
    );
    s.add(
      path(
        `M${f(cx - r * 0.5)} ${f(cy)}c${f(r * 0.2)} ${f(-r * 0.3)} ${f(r * 0.5)} ${f(r * 0.3)} ${f(r * 0.8)} 0`,
        `stroke="#f0905a" stroke-width="8" fill="none" opacity=".6" stroke-linecap="round"`,
      ),
    );
    s.add(
      herbs(s, rng, cx, cy, r * 0.5, 8, m * 0.04) +
        leaf(s, w * 0.8, h * 0.3, m * 0.2, 20, '#2f6b2a', 0.45) +
        cherryTomato(s, w * 0.85, h * 0.7, m * 0.05),
    );
  },
} satisfies Record<string, SceneDraw>;
