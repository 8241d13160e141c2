/**
 * The paint-first loader (docs/decisions/0005-paint-first.md, 0028-the-build.md): the one inline
 * module script of every prerendered page. React Router's `<Scripts>` would fetch every chunk of the
 * page alongside its stylesheet, fonts and first images; instead, nothing is fetched until the
 * browser reports the page's first contentful paint (where paint timing is missing, the task after
 * the next animation frame; in a tab that is never painted, after UNPAINTED_FALLBACK_MS). Then it
 * does what React Router's script would have done: adds the same modulepreload links (every chunk
 * is still fetched in parallel, not discovered import by import), imports the modules in the same
 * order, publishes the route modules as React Router's script does, and imports the entry, which
 * hydrates (web/app/entry.client.tsx).
 *
 * What to load comes from React Router's own output, read at build time by scripts/build/defer-hydration.ts
 * into a `PaintFirstPlan`; web/app/paint-first/inline.ts runs this with the browser's globals, and
 * the build bundles that into each page. Unit test: loader.test.ts.
 */

/** What one page loads once it has painted: all of it read from React Router's output for that page. */
export interface PaintFirstPlan {
  /** The modulepreload links React Router wrote, in their order. */
  preloads: string[];
  /** The modules React Router's script imports before the entry, in its order. */
  modules: string[];
  /**
   * The route modules React Router's script hands to its browser entry: the global it assigns
   * (named by React Router's output, not by us) and, for each route id, which of `modules` it is.
   */
  routeModules: { global: string; routes: Record<string, number> };
  /** The browser entry, imported last. */
  entry: string;
}

/** The part of the browser the loader uses; the page passes the real one, tests pass stand-ins. */
export interface LoaderBrowser {
  document: { createElement(tag: 'link'): { rel: string; href: string }; head: { append(node: never): void } };
  window: object;
  /** Absent where the browser has no PerformanceObserver. */
  PerformanceObserver?: {
    new (callback: (list: { getEntriesByName(name: string): unknown[] }, observer: { disconnect(): void }) => void): {
      observe(options: { type: string; buffered: boolean }): void;
    };
    readonly supportedEntryTypes?: readonly string[];
  };
  requestAnimationFrame(callback: () => void): unknown;
  setTimeout(callback: () => void, ms: number): unknown;
  importModule(href: string): Promise<unknown>;
}

/** How long a page that is never painted (a background tab) waits before hydrating anyway. */
export const UNPAINTED_FALLBACK_MS = 4000;

const FIRST_CONTENTFUL_PAINT = 'first-contentful-paint';

/** Loads what `plan` names, once, after the first contentful paint; resolves when the entry is imported. */
export function paintFirst(plan: PaintFirstPlan, browser: LoaderBrowser): Promise<unknown> {
  let start!: () => void;
  const started = new Promise<void>((resolve) => {
    start = resolve;
  });
  const loaded = started.then(() => load(plan, browser));

  const observer = browser.PerformanceObserver;
  if (observer && (observer.supportedEntryTypes ?? []).includes('paint')) {
    new observer((list, o) => {
      if (list.getEntriesByName(FIRST_CONTENTFUL_PAINT).length) {
        o.disconnect();
        start();
      }
    }).observe({ type: 'paint', buffered: true });
  } else {
    // The callback of the next animation frame runs before that frame is painted; the task it
    // queues runs after.
    browser.requestAnimationFrame(() => browser.setTimeout(start, 0));
  }
  browser.setTimeout(start, UNPAINTED_FALLBACK_MS);
  return loaded;
}

async function load(plan: PaintFirstPlan, browser: LoaderBrowser): Promise<unknown> {
  const { document } = browser;
  for (const href of plan.preloads) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link as never);
  }
  const modules = await Promise.all(plan.modules.map((href) => browser.importModule(href)));
  const routeModules: Record<string, unknown> = {};
  for (const [id, index] of Object.entries(plan.routeModules.routes)) routeModules[id] = modules[index];
  (browser.window as Record<string, unknown>)[plan.routeModules.global] = routeModules;
  return browser.importModule(plan.entry);
}
