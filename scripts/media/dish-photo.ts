/** A dish photographed from above on a table, with a few props around the plate. */
import { Svg, rngFrom } from './lib.ts';
import { type Surface, lighting, surface } from './tableware.ts';
import { dishes } from './dishes.ts';
import { candle, cutlery, napkin, scatter, wineGlassTop } from './props.ts';

export interface PhotoOpts {
  w?: number;
  h?: number;
  surface?: Surface;
  R?: number;
  cx?: number;
  cy?: number;
  props?: ('napkin' | 'cutlery' | 'pepper' | 'salt' | 'herb' | 'chili' | 'wine' | 'candle')[];
}
export function dishPhoto(seed: string, dish: string, o: PhotoOpts = {}) {
  const w = o.w ?? 1200;
  const h = o.h ?? 900;
  const s = new Svg(w, h);
  const rng = rngFrom(seed);
  const R = o.R ?? h * 0.36;
  const cx = o.cx ?? w * rng.range(0.47, 0.53);
  const cy = o.cy ?? h * 0.5;
  s.add(surface(s, o.surface ?? 'walnut', rng.int(1, 50)));
  const props = o.props ?? ['napkin', 'pepper'];
  if (props.includes('napkin'))
    s.add(
      napkin(s, rng.pick([w * 0.02, w * 0.78]), rng.range(-h * 0.1, h * 0.5), w * 0.22, h * 0.6, rng.range(-12, 12)),
    );
  if (props.includes('cutlery')) s.add(cutlery(s, cx + R * 1.25, cy - R * 0.7, R * 1.3, rng.range(-8, 8)));
  if (props.includes('wine')) s.add(wineGlassTop(s, cx - R * 1.3, cy - R * 0.7, R * 0.3));
  if (props.includes('candle')) s.add(candle(s, cx + R * 1.35, cy + R * 0.7, R * 0.12));
  for (const k of ['pepper', 'salt', 'herb', 'chili'] as const)
    if (props.includes(k)) s.add(scatter(s, rng, k === 'herb' ? 8 : 16, k, [cx, cy, R * 1.15]));
  s.add(dishes[dish]!(s, rng, cx, cy, R));
  s.add(lighting(s, rng.range(0.2, 0.4), 0.2, 0.2, 0.62));
  return s.toString();
}
