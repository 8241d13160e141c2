import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { deferHydration, loaderBundle, planOf, planOfPage } from './defer-hydration.ts';

// The shape React Router 7's <Scripts> writes into a prerendered page (React hoists the preloads into <head>).
const page = (script: string, preloads: string[]) =>
  [
    '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/app.css"/>',
    ...preloads.map((href) => `<link rel="modulepreload" href="${href}"/>`),
    '</head><body><h1>Hi</h1>',
    '<script>window.__reactRouterContext = {"basename":"/"};</script>',
    `<script type="module" async="">${script}</script></body></html>`,
  ].join('');
const routerScript = (manifest: string, root: string, home: string, entry: string) =>
  [
    `import ${JSON.stringify(manifest)};`,
    `import * as route0 from ${JSON.stringify(root)};`,
    `import * as route1 from ${JSON.stringify(home)};`,
    '  ',
    '  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};',
    '',
    `import(${JSON.stringify(entry)});`,
  ].join('\n');
const assets = ['/assets/manifest-1.js', '/assets/root-3.js', '/assets/home-4.js', '/assets/entry.client-2.js'] as const;
const preloads = ['/assets/manifest-1.js', '/assets/entry.client-2.js', '/assets/root-3.js', '/assets/home-4.js'];
const built = page(routerScript(...assets), preloads);

const inlineModule = (html: string) => {
  const scripts = [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)];
  expect(scripts).toHaveLength(1);
  return scripts[0]![1]!;
};

describe('deferHydration', () => {
  it('reads React Router\'s module script into the loader\'s plan', () => {
    expect(planOf(routerScript(...assets), preloads)).toEqual({
      preloads,
      modules: ['/assets/manifest-1.js', '/assets/root-3.js', '/assets/home-4.js'],
      routeModules: { global: '__reactRouterRouteModules', routes: { root: 1, 'routes/home': 2 } },
      entry: '/assets/entry.client-2.js',
    });
  });

  it('takes the modulepreload links and React Router\'s script out of the page and keeps the rest', () => {
    const out = deferHydration(built);
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).not.toContain('async=""');
    expect(out).toContain('<link rel="stylesheet" href="/assets/app.css"/></head><body><h1>Hi</h1>');
    expect(out).toContain('<script>window.__reactRouterContext = {"basename":"/"};</script><script type="module">const PAINT_FIRST_PLAN=');
    expect(out.endsWith(`${loaderBundle()}</script></body></html>`)).toBe(true);
  });

  it('reads the plan back from a finished page (scripts/build/first-load.ts counts what it names)', () => {
    expect(planOfPage(deferHydration(built))).toEqual(planOf(routerScript(...assets), preloads));
    expect(planOfPage(built)).toBeUndefined();
  });

  it('writes no "<" into the script, so the plan cannot end the element', () => {
    const script = inlineModule(deferHydration(page(routerScript('/assets/m.js', '/assets/r.js', '/assets/h<!--.js', '/assets/e.js'), ['/assets/m.js'])));
    expect(script).not.toContain('<');
    expect(script).toContain('"/assets/h\\u003c!--.js"');
  });

  // The bundled loader, as the page ships it, run by Node as an ES module with a stand-in document:
  // real import()s of real modules, in the order and with the hand-over the browser gets.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'defer-hydration-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it.each([
    ['after the first contentful paint', `class { static supportedEntryTypes = ['paint'];
        constructor(callback) { this.callback = callback; }
        observe(options) { log('observe ' + JSON.stringify(options));
          setTimeout(() => { log('paint'); this.callback({ getEntriesByName: (n) => n === 'first-contentful-paint' ? [{}] : [] }, { disconnect() {} }); }, 5); } }`],
    ['after the next frame without paint timing', 'undefined'],
  ])('the shipped script loads the page %s', (_, observer) => {
    const file = (name: string, body: string) => {
      fs.writeFileSync(path.join(dir, name), body);
      return pathToFileURL(path.join(dir, name)).href;
    };
    const manifest = file('manifest.mjs', "log('manifest runs');");
    const root = file('root.mjs', "export const name = 'root module';");
    const home = file('home.mjs', "export const name = 'home module';");
    const entry = file(
      'entry.mjs',
      "log('entry runs with ' + JSON.stringify(Object.fromEntries(Object.entries(window.__reactRouterRouteModules).map(([id, m]) => [id, m.name]))));",
    );
    const script = inlineModule(deferHydration(page(routerScript(manifest, root, home, entry), [manifest, entry, root, home])));
    const prelude = `
      const log = (line) => console.log(line);
      globalThis.log = log;
      globalThis.window = globalThis;
      globalThis.document = { createElement: (tag) => ({ tag }), head: { append: (l) => log(l.tag + ' ' + l.rel + ' ' + l.href.slice(l.href.lastIndexOf('/') + 1)) } };
      globalThis.requestAnimationFrame = (callback) => { log('frame'); setTimeout(callback, 0); };
      globalThis.PerformanceObserver = ${observer};
    `;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', `${prelude}\n${script}`], { encoding: 'utf8', timeout: 10_000 });
    expect(out.trim().split('\n')).toEqual([
      observer === 'undefined' ? 'frame' : 'observe {"type":"paint","buffered":true}',
      ...(observer === 'undefined' ? [] : ['paint']),
      'link modulepreload manifest.mjs',
      'link modulepreload entry.mjs',
      'link modulepreload root.mjs',
      'link modulepreload home.mjs',
      'manifest runs',
      'entry runs with {"root":"root module","routes/home":"home module"}',
    ]);
  }, 30_000);

  it('stops the build when React Router writes something it does not know', () => {
    const unexpected = (script: string) => () => deferHydration(page(script, preloads));
    expect(unexpected(routerScript(...assets) + '\nconsole.log(1);')).toThrow('unexpected code in React Router\'s module script: console.log(1);');
    // Route modules split into chunks (a newer React Router option) are merged in the script: not handled, so not shipped.
    expect(unexpected(routerScript(...assets).replace('import * as route1 from "/assets/home-4.js";', 'import * as route1_main from "/assets/home-4.js";\nconst route1 = {...route1_main};'))).toThrow(
      'unexpected code in React Router\'s module script: const route1 = {...route1_main};',
    );
    expect(unexpected(routerScript(...assets).replace('route0,', 'route9,'))).toThrow(/unexpected code .*route9/);
    expect(unexpected('import(')).toThrow(/does not parse/);
    expect(unexpected('import "/assets/manifest-1.js";\nimport("/assets/entry.js");')).toThrow('without route modules or entry');
    expect(() => deferHydration('<html><body></body></html>')).toThrow('expected React Router\'s one module script in the page, found 0');
    expect(() => deferHydration(page(routerScript(...assets), []))).toThrow('no modulepreload links in the page');
  });
});
