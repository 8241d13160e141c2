/** Whole scenes built from several elements, for the services, events, seasoning uses and thumbnails. */
import { Svg, rngFrom } from './lib.ts';
import { lighting } from './tableware.ts';
import { cookingScenes } from './scenes-cooking.ts';
import { diningScenes } from './scenes-dining.ts';

const drawers = { ...diningScenes, ...cookingScenes };
export type SceneKind = keyof typeof drawers;

export function scene(seed: string, kind: SceneKind, w = 1200, h = 800) {
  const s = new Svg(w, h);
  const rng = rngFrom(seed);
  const m = Math.min(w, h);
  drawers[kind]({ s, rng, w, h, m, kind });
  s.add(lighting(s, 0.3, 0.2, 0.2, 0.6));
  return s.toString();
}
