import type { Rng, Svg } from './lib.ts';

/** What a scene drawer is given: the picture, its random numbers, its size, its smaller side, and which scene. */
export interface SceneContext {
  s: Svg;
  rng: Rng;
  w: number;
  h: number;
  m: number;
  kind: string;
}
export type SceneDraw = (c: SceneContext) => void;
