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

  it('runs the same imports from a loader that waits for a painted frame', async () => {
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
    const run = new Function('document', 'window', 'requestAnimationFrame', 'setTimeout', '__import', loader.replace(/\bimport\(/g, '__import('));
    run(
      doc,
      win,
      (fn: () => void) => frames.push(fn),
      (fn: () => void, ms: number) => timers.push({ fn, ms }),
      async (href: string) => {
        imported.push(href);
        return { href };
      },
    );
    // Nothing is fetched before the frame.
    expect(added).toEqual([]);
    expect(imported).toEqual([]);
    frames.forEach((f) => f());
    timers.filter((t) => t.ms === 0).forEach((t) => t.fn());
    await new Promise((r) => setTimeout(r, 0));
    expect(added).toEqual([
      'modulepreload /assets/manifest-1.js',
      'modulepreload /assets/entry.client-2.js',
      'modulepreload /assets/root-3.js',
      'modulepreload /assets/home-4.js',
    ]);
    expect(imported).toEqual(['/assets/manifest-1.js', '/assets/root-3.js', '/assets/home-4.js', '/assets/entry.client-2.js']);
    expect(win.__reactRouterRouteModules).toEqual({ root: { href: '/assets/root-3.js' }, home: { href: '/assets/home-4.js' } });
    // The unpainted-tab timer does not start it twice.
    timers.filter((t) => t.ms > 0).forEach((t) => t.fn());
    expect(added).toHaveLength(4);
  });

  it('stops the build when React Router writes something it does not know', () => {
    expect(() => deferHydration(page(routerScript + '\nconsole.log(1);'))).toThrow(/unexpected line/);
    expect(() => deferHydration('<html><body></body></html>')).toThrow(/no React Router module script/);
  });
});
