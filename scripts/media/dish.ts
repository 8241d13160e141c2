/** What a dish drawing is: it draws its plate and food centred on (cx, cy) with plate radius R. */
import type { Rng, Svg } from './lib.ts';

export type Dish = (s: Svg, rng: Rng, cx: number, cy: number, R: number) => string;

/** Point i of n evenly spaced around a circle of radius r, starting at angle a0. */
export const ring = (n: number, i: number, r: number, a0 = 0) => {
  const a = a0 + (i / n) * Math.PI * 2;
  return [Math.cos(a) * r, Math.sin(a) * r] as const;
};
