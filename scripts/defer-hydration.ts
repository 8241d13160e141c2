/**
 * Rewrites a prerendered page so its JavaScript is fetched after the first paint (decision 0005).
 *
 * React Router's `<Scripts>` puts one `<link rel="modulepreload">` per chunk in `<head>` and a
 * module script that imports the route modules and then the client entry. The browser fetches all
 * of it (≈ 150 kB on /home) alongside the stylesheet, the fonts and the first images, and on a
 * phone's connection the text waits for bandwidth it does not need: the page is readable and
 * styled from its HTML alone. Here the preloads leave `<head>`, and the module script becomes a
 * loader that runs once the first contentful paint has been shown (the browser's own
 * `first-contentful-paint` entry; where paint timing is missing, the task after the next animation
 * frame): it adds the same modulepreload links (so every chunk is still fetched in parallel, not
 * discovered import by import), imports the route modules, sets `window.__reactRouterRouteModules`
 * exactly as before, and imports the entry, which hydrates. A tab opened in the background paints
 * nothing, so a timer starts the loader anyway.
 *
 * The markup is React Router's own output; if a new version changes it, this throws and the build
 * stops, rather than shipping a page that never hydrates.
 */

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const MODULE_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/;
const SIDE_EFFECT_IMPORT = /^import "([^"]+)";$/;
const NAMESPACE_IMPORT = /^import \* as (route\d+) from "([^"]+)";$/;
const ROUTE_MODULES = /^window\.__reactRouterRouteModules = (\{[^}]*\});$/;
const ENTRY_IMPORT = /^import\("([^"]+)"\);$/;

/** How long a page that is never painted (a background tab) waits before hydrating anyway. */
export const UNPAINTED_FALLBACK_MS = 4000;

export function deferHydration(html: string): string {
  const preloads = [...html.matchAll(PRELOAD)].map((m) => m[1]!);
  const script = MODULE_SCRIPT.exec(html);
  if (!script) throw new Error('defer-hydration: no React Router module script in the page');
  if (preloads.length === 0) throw new Error('defer-hydration: no modulepreload links in the page');

  const sideEffects: string[] = [];
  const routes: { name: string; href: string }[] = [];
  let routeModules: string | undefined;
  let entry: string | undefined;
  for (const raw of script[1]!.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    let m: RegExpExecArray | null;
    if ((m = SIDE_EFFECT_IMPORT.exec(line))) sideEffects.push(m[1]!);
    else if ((m = NAMESPACE_IMPORT.exec(line))) routes.push({ name: m[1]!, href: m[2]! });
    else if ((m = ROUTE_MODULES.exec(line))) routeModules = m[1];
    else if ((m = ENTRY_IMPORT.exec(line))) entry = m[1];
    else throw new Error(`defer-hydration: unexpected line in React Router's module script: ${line}`);
  }
  if (!routeModules || !entry || routes.length === 0) {
    throw new Error('defer-hydration: React Router module script without route modules or entry');
  }

  const loader = [
    '(() => {',
    'let started = false;',
    'const start = () => {',
    'if (started) return;',
    'started = true;',
    `for (const href of ${JSON.stringify(preloads)}) {`,
    "const link = document.createElement('link');",
    "link.rel = 'modulepreload';",
    'link.href = href;',
    'document.head.append(link);',
    '}',
    `Promise.all([${[...sideEffects, ...routes.map((r) => r.href)].map((h) => `import(${JSON.stringify(h)})`).join(', ')}])`,
    `.then(([${[...sideEffects.map((_, i) => `_${i}`), ...routes.map((r) => r.name)].join(', ')}]) => {`,
    `window.__reactRouterRouteModules = ${routeModules};`,
    `return import(${JSON.stringify(entry)});`,
    '});',
    '};',
    "const fcp = 'first-contentful-paint';",
    "if (typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes || []).includes('paint')) {",
    'new PerformanceObserver((list, observer) => {',
    'if (list.getEntriesByName(fcp).length) {',
    'observer.disconnect();',
    'start();',
    '}',
    "}).observe({ type: 'paint', buffered: true });",
    '} else {',
    // The callback of the next animation frame runs before that frame is painted; the task it
    // queues runs after.
    'requestAnimationFrame(() => setTimeout(start, 0));',
    '}',
    `setTimeout(start, ${UNPAINTED_FALLBACK_MS});`,
    '})();',
  ].join('\n');

  return html
    .replace(PRELOAD, '')
    .replace(MODULE_SCRIPT, () => `<script type="module">${loader}</script>`);
}
