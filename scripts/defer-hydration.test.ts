import { describe, expect, it } from 'vitest';
import { deferHydration } from './defer-hydration.ts';

// The shape React Router 7's <Scripts> writes into a prerendered page.
const page = (script: string) =>
  [
    '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/app.css"/>',
    '<link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-2.js"/>',
    '<link rel="modulepreload" href="/assets/root-3.js"/><link rel="modulepreload" href="/assets/home-4.js"/>',
    '</head><body><h1>Hi</h1>',
    `<script type="module" async="">${script}</script></body></html>`,
  ].join('');
const routerScript = [
  'import "/assets/manifest-1.js";',
  'import * as route0 from "/assets/root-3.js";',
  'import * as route1 from "/assets/home-4.js";',
  '  ',
  '  window.__reactRouterRouteModules = {"root":route0,"home":route1};',
  '',
  'import("/assets/entry.client-2.js");',
].join('\n');

describe('deferHydration', () => {
  const out = deferHydration(page(routerScript));

  it('takes the modulepreload links out of the HTML and keeps the rest', () => {
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(out).toContain('<h1>Hi</h1>');
  });

  /** Runs the loader with stand-ins for the browser's globals; returns what it did and its triggers. */
  function runLoader(paintTiming: boolean) {
    const loader = /<script type="module">([\s\S]*)<\/script>/.exec(out)![1]!;
    const added: string[] = [];
    const imported: string[] = [];
    const frames: (() => void)[] = [];
    const timers: { fn: () => void; ms: number }[] = [];
    const win: { __reactRouterRouteModules?: Record<string, unknown> } = {};
    const doc = {
      createElement: () => ({ rel: '', href: '' }),
      head: { append: (l: { rel: string; href: string }) => added.push(`${l.rel} ${l.href}`) },
    };
    const observers: { cb: (list: { getEntriesByName: (n: string) => unknown[] }, o: { disconnect(): void }) => void; opts: unknown; disconnected: boolean }[] = [];
    class FakeObserver {
      static supportedEntryTypes = paintTiming ? ['paint', 'navigation'] : ['navigation'];
      entry: (typeof observers)[number];
      constructor(cb: (typeof observers)[number]['cb']) {
        this.entry = { cb, opts: undefined, disconnected: false };
        observers.push(this.entry);
      }
      observe(opts: unknown) {
        this.entry.opts = opts;
      }
      disconnect() {
        this.entry.disconnected = true;
      }
    }
    const run = new Function(
      'document', 'window', 'requestAnimationFrame', 'setTimeout', 'PerformanceObserver', '__import',
      loader.replace(/\bimport\(/g, '__import('),
    );
    run(
      doc,
      win,
      (fn: () => void) => frames.push(fn),
      (fn: () => void, ms: number) => timers.push({ fn, ms }),
      FakeObserver,
      async (href: string) => {
        imported.push(href);
        return { href };
      },
    );
    return { added, imported, frames, timers, win, observers };
  }

  const expectHydrationStarted = async ({ added, imported, win }: ReturnType<typeof runLoader>) => {
    await new Promise((r) => setTimeout(r, 0));
    expect(added).toEqual([
      'modulepreload /assets/manifest-1.js',
      'modulepreload /assets/entry.client-2.js',
      'modulepreload /assets/root-3.js',
      'modulepreload /assets/home-4.js',
    ]);
    expect(imported).toEqual(['/assets/manifest-1.js', '/assets/root-3.js', '/assets/home-4.js', '/assets/entry.client-2.js']);
    expect(win.__reactRouterRouteModules).toEqual({ root: { href: '/assets/root-3.js' }, home: { href: '/assets/home-4.js' } });
  };

  it('waits for the first contentful paint, then runs the same imports', async () => {
    const run = runLoader(true);
    expect(run.observers).toHaveLength(1);
    expect(run.observers[0]!.opts).toEqual({ type: 'paint', buffered: true });
    // A first paint without content does not count.
    run.observers[0]!.cb({ getEntriesByName: () => [] }, { disconnect() {} });
    expect(run.added).toEqual([]);
    expect(run.imported).toEqual([]);
    run.observers[0]!.cb({ getEntriesByName: (n) => (n === 'first-contentful-paint' ? [{}] : []) }, { disconnect() {} });
    await expectHydrationStarted(run);
    // The unpainted-tab timer does not start it twice.
    run.timers.forEach((t) => t.fn());
    expect(run.added).toHaveLength(4);
  });

  it('without paint timing, waits for the task after the next animation frame', async () => {
    const run = runLoader(false);
    expect(run.observers).toHaveLength(0);
    expect(run.imported).toEqual([]);
    run.frames.forEach((f) => f());
    run.timers.filter((t) => t.ms === 0).forEach((t) => t.fn());
    await expectHydrationStarted(run);
  });

  it('starts anyway in a tab that is never painted', async () => {
    const run = runLoader(true);
    const backstop = run.timers.filter((t) => t.ms > 0);
    expect(backstop.map((t) => t.ms)).toEqual([4000]);
    backstop[0]!.fn();
    await expectHydrationStarted(run);
  });

  it('stops the build when React Router writes something it does not know', () => {
    expect(() => deferHydration(page(routerScript + '\nconsole.log(1);'))).toThrow(/unexpected line/);
    expect(() => deferHydration('<html><body></body></html>')).toThrow(/no React Router module script/);
  });
});
