import { describe, expect, it } from 'vitest';
import { paintFirst, UNPAINTED_FALLBACK_MS, type LoaderBrowser, type PaintFirstPlan } from './loader.ts';

// A plan as scripts/build/defer-hydration.ts reads it from React Router's output for a page.
const plan: PaintFirstPlan = {
  preloads: ['/assets/manifest-1.js', '/assets/entry.client-2.js', '/assets/root-3.js', '/assets/home-4.js'],
  modules: ['/assets/manifest-1.js', '/assets/root-3.js', '/assets/home-4.js'],
  routeModules: { global: '__routerModules', routes: { root: 1, 'routes/home': 2 } },
  entry: '/assets/entry.client-2.js',
};

type ObserverCallback = ConstructorParameters<NonNullable<LoaderBrowser['PerformanceObserver']>>[0];

/** Runs the loader with stand-ins for the browser; returns what it did and its triggers. */
function run(paintTiming: boolean | 'absent') {
  const events: string[] = [];
  const frames: (() => void)[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const observers: { callback: ObserverCallback; options?: unknown; disconnected: boolean }[] = [];
  const win: Record<string, unknown> = {};
  class StandInObserver {
    static supportedEntryTypes = paintTiming === true ? ['paint', 'navigation'] : ['navigation'];
    private readonly entry: (typeof observers)[number];
    constructor(callback: ObserverCallback) {
      this.entry = { callback, disconnected: false };
      observers.push(this.entry);
    }
    observe(options: unknown) {
      this.entry.options = options;
    }
  }
  const browser: LoaderBrowser = {
    document: {
      createElement: () => ({ rel: '', href: '' }),
      head: {
        append: (link: never) =>
          events.push(`preload ${(link as { rel: string }).rel} ${(link as { href: string }).href}`),
      },
    },
    window: win,
    PerformanceObserver: paintTiming === 'absent' ? undefined : StandInObserver,
    requestAnimationFrame: (fn) => frames.push(fn),
    setTimeout: (fn, ms) => timers.push({ fn, ms }),
    importModule: async (href) => {
      events.push(`import ${href}`);
      if (href === plan.entry) events.push(`route modules then: ${JSON.stringify(win.__routerModules)}`);
      return { href };
    },
  };
  const loaded = paintFirst(plan, browser);
  return { events, frames, timers, observers, win, loaded };
}

const started = [
  'preload modulepreload /assets/manifest-1.js',
  'preload modulepreload /assets/entry.client-2.js',
  'preload modulepreload /assets/root-3.js',
  'preload modulepreload /assets/home-4.js',
  'import /assets/manifest-1.js',
  'import /assets/root-3.js',
  'import /assets/home-4.js',
  'import /assets/entry.client-2.js',
  // The route modules are in place, by route id, before the entry (which hydrates) runs.
  'route modules then: {"root":{"href":"/assets/root-3.js"},"routes/home":{"href":"/assets/home-4.js"}}',
];
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('paintFirst', () => {
  it('waits for the first contentful paint, then preloads, imports the modules and the entry', async () => {
    const r = run(true);
    expect(r.observers).toHaveLength(1);
    expect(r.observers[0]!.options).toEqual({ type: 'paint', buffered: true });
    // A first paint without content does not count.
    let disconnected = false;
    r.observers[0]!.callback({ getEntriesByName: () => [] }, { disconnect: () => (disconnected = true) });
    await settle();
    expect(r.events).toEqual([]);
    expect(disconnected).toBe(false);
    r.observers[0]!.callback(
      { getEntriesByName: (n) => (n === 'first-contentful-paint' ? [{}] : []) },
      { disconnect: () => (disconnected = true) },
    );
    expect(disconnected).toBe(true);
    await expect(r.loaded).resolves.toEqual({ href: '/assets/entry.client-2.js' });
    expect(r.events).toEqual(started);
    // The unpainted-tab timer, when it fires later, does not start it twice.
    expect(r.timers.map((t) => t.ms)).toEqual([UNPAINTED_FALLBACK_MS]);
    r.timers[0]!.fn();
    await settle();
    expect(r.events).toEqual(started);
  });

  it.each([
    ['has no paint timing', false],
    ['has no PerformanceObserver', 'absent'],
  ] as const)('where the browser %s, waits for the task after the next animation frame', async (_, paintTiming) => {
    const r = run(paintTiming);
    expect(r.observers).toHaveLength(0);
    expect(r.frames).toHaveLength(1);
    expect(r.timers.map((t) => t.ms)).toEqual([UNPAINTED_FALLBACK_MS]);
    r.frames[0]!();
    expect(r.timers.map((t) => t.ms)).toEqual([UNPAINTED_FALLBACK_MS, 0]);
    await settle();
    expect(r.events).toEqual([]);
    r.timers[1]!.fn();
    await r.loaded;
    expect(r.events).toEqual(started);
  });

  it(`starts after ${UNPAINTED_FALLBACK_MS} ms in a tab that is never painted`, async () => {
    const r = run(true);
    expect(r.timers.map((t) => t.ms)).toEqual([4000]);
    r.timers[0]!.fn();
    await r.loaded;
    expect(r.events).toEqual(started);
  });
});
