import fs from 'node:fs';
import path from 'node:path';
import type { Alias } from 'vite';

/**
 * The site is written against React's API but runs on Preact 11 (preact/compat), in the browser
 * and in the build-time prerender alike (docs/decisions/0007-preact-in-the-browser.md): React 19's
 * react-dom alone was ≈ 60 kB gzipped of the 90 kB that /home may send (issue 6). Every import of
 * `react` or `react-dom` — ours, React Router's, Radix's and the other libraries' — resolves here.
 * Used by vite.config.ts (browser and prerender builds) and vitest.config.ts (unit tests render with
 * the runtime we ship). Relative imports only (loaded with vite.config.ts).
 */
export const preactAliases: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
];

/**
 * Installed packages that import React (they list `react` or `react-dom` among their dependencies or
 * peer dependencies): React Router, Radix, embla, react-dropzone, react-hook-form, lucide-react and
 * what they use. The prerender (Vite's SSR build and dev server) and the unit tests must run these
 * through Vite, not load them from node_modules, or their `react` imports would load React itself.
 */
export function reactDependents(root = process.cwd()): string[] {
  const modules = path.join(root, 'node_modules');
  const names = fs
    .readdirSync(modules)
    .flatMap((entry) => (entry.startsWith('@') ? fs.readdirSync(path.join(modules, entry)).map((name) => `${entry}/${name}`) : [entry]));
  return names.filter((name) => {
    if (name === 'react' || name === 'react-dom' || name.startsWith('@types/')) return false;
    const file = path.join(modules, name, 'package.json');
    if (!fs.existsSync(file)) return false;
    const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { dependencies?: object; peerDependencies?: object };
    const deps = { ...pkg.dependencies, ...pkg.peerDependencies };
    return 'react' in deps || 'react-dom' in deps;
  });
}
