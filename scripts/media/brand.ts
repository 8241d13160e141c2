/** The brand: logo, favicon and the social-sharing image. */
import { P, Svg, rect, rngFrom } from './lib.ts';
import { lighting, surface } from './tableware.ts';
import { herbs } from './food-shapes.ts';
import { dishes } from './dishes.ts';
import { SANS, SERIF, scatter } from './props.ts';
import { emblem } from './products.ts';

export function logo() {
  // Kept as an SVG file and served as-is: text stays text (accessible, tiny), system serif fonts.
  const s = new Svg(520, 140);
  s.add(emblem(s, 70, 70, 56, P.gold));
  s.add(`<text x="146" y="86" ${SERIF} font-size="64" letter-spacing="10" fill="${P.cream}">FEVA</text>`);
  s.add(
    `<text x="150" y="120" ${SANS} font-size="17" letter-spacing="5.2" fill="${P.gold}">PRIVATE CHEF &amp; CATERING</text>`,
  );
  return s.toString().replace('<svg ', `<svg role="img" aria-label="Feva private chef and catering" `);
}
export function favicon() {
  const s = new Svg(64, 64);
  s.add(rect(0, 0, 64, 64, `rx="14" fill="${P.green}"`));
  s.add(emblem(s, 32, 32, 24, P.gold));
  return s.toString();
}
export function ogImage() {
  const w = 1200,
    h = 630;
  const s = new Svg(w, h);
  const rng = rngFrom('og');
  s.add(surface(s, 'walnut', 15));
  s.add(dishes.salmon!(s, rng, w * 0.76, h * 0.5, 250));
  s.add(herbs(s, rng, w * 0.45, h * 0.85, 60, 6, 16) + scatter(s, rng, 14, 'pepper', [w * 0.76, h * 0.5, 300]));
  s.add(
    rect(
      0,
      0,
      w,
      h,
      `fill="${s.linear(
        [
          [0, '#0d0b09', 0.85],
          [0.5, '#0d0b09', 0.55],
          [0.7, '#0d0b09', 0],
        ],
        0,
        0,
        1,
        0,
      )}"`,
    ),
  );
  s.add(emblem(s, 120, 150, 50, P.gold));
  s.add(`<text x="80" y="310" ${SERIF} font-size="112" letter-spacing="12" fill="${P.cream}">FEVA</text>`);
  s.add(
    `<text x="84" y="370" ${SANS} font-size="30" letter-spacing="8" fill="${P.gold}">PRIVATE CHEF &amp; CATERING</text>`,
  );
  s.add(
    `<text x="84" y="440" ${SERIF} font-style="italic" font-size="30" fill="${P.cream}" opacity=".8">Dinners, events, classes and recipes</text>`,
  );
  s.add(lighting(s, 0.7, 0.3, 0.15, 0.45));
  return s.toString();
}
