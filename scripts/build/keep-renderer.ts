import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Where the kept server build lives, beside `client/` in the build directory. */
export const RENDERER_DIR = 'renderer';

/**
 * Keeps React Router's server build. With `ssr: false` React Router prerenders the pages with it and then
 * deletes it; the local server needs it to render a publication later (server/src/site/render.ts,
 * docs/site-editing.md), with the same route modules and the same hashed assets as the build. So, as the
 * server build is written and before React Router's own `writeBundle` prerenders and removes it, it is
 * copied to `<build>/renderer/`. Nothing in it is served: the static server serves `<build>/client` only.
 * Registered in vite.config.ts; relative imports only.
 */
export function keepRendererPlugin(): Plugin {
  return {
    name: 'keep-renderer',
    apply: 'build',
    writeBundle: {
      order: 'pre',
      sequential: true,
      handler(options) {
        if (this.environment?.name !== 'ssr' || !options.dir) return;
        const target = path.join(path.dirname(options.dir), RENDERER_DIR);
        fs.rmSync(target, { recursive: true, force: true });
        fs.cpSync(options.dir, target, { recursive: true });
      },
    },
  };
}
