/**
 * The entry the build bundles into each prerendered page's inline module script
 * (scripts/build/defer-hydration.ts): the paint-first loader (./loader.ts) with the browser's own globals.
 * The build puts `const PAINT_FIRST_PLAN = {…};` (the page's plan) before the bundle; inside a
 * module script it stays local to that script.
 */
import { paintFirst, type LoaderBrowser, type PaintFirstPlan } from './loader.ts';

declare const PAINT_FIRST_PLAN: PaintFirstPlan;

void paintFirst(PAINT_FIRST_PLAN, {
  document: document as unknown as LoaderBrowser['document'],
  window,
  PerformanceObserver: typeof PerformanceObserver === 'function' ? PerformanceObserver : undefined,
  // Wrapped: the loader calls them as methods of this object, and the window's own would throw
  // when called on anything but the window.
  requestAnimationFrame: (callback) => requestAnimationFrame(callback),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  importModule: (href) => import(/* @vite-ignore */ href),
});
