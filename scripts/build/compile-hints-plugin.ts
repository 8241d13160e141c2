import type { Plugin, Rollup } from 'vite';
import { SHELL } from './chunk-policy.ts';

/**
 * V8's explicit compile hint (Chrome 136 and later): a file whose first line is this comment has all
 * its functions compiled eagerly, on a background thread while it streams in, instead of each one on
 * the main thread the first time it is called. Other engines read it as a comment.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * The browser build's chunks that carry the hint: the ones every page evaluates and runs before it is
 * interactive, react-dom (the `entry.client` entry chunk) and React Router with the site's shell (the
 * `shell` chunk, scripts/build/chunk-policy.ts). Most of their functions run while the page hydrates; on the
 * calibrated phone, lazily compiling them was part of every page's longest tasks
 * (docs/decisions/0038-compile-hints-for-the-libraries-every-page-runs.md). Page and on-demand chunks
 * do not get it: their functions mostly run later or never.
 */
export const HINTED_CHUNKS = ['entry.client', SHELL];

/**
 * The on-demand chunks that carry the hint too, with every chunk they import (but the two above): code
 * the page loads while the browser is idle, ahead of the tap that runs it. The auth dialog's
 * (features/auth/index.ts preloads it after hydrating) ran its first render in the Login tap, and
 * compiling its functions and those of the chunks it imports (the dialog parts, the logout hook,
 * react-dom's portal) was part of that tap's task on the calibrated phone. Hinted, they are compiled on
 * the streaming thread when they arrive (docs/decisions/0043-the-auth-dialog-ready-before-the-tap.md).
 */
export const HINTED_ON_DEMAND = ['auth-dialog'];

/** The file names of `chunk` and of every chunk it imports, transitively, but those in `stop`. */
function withImports(chunk: Rollup.OutputChunk, bundle: Rollup.OutputBundle, stop: Set<string>): string[] {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName) || stop.has(fileName)) return;
    seen.add(fileName);
    const o = bundle[fileName];
    if (o?.type === 'chunk') o.imports.forEach(visit);
  };
  visit(chunk.fileName);
  return [...seen];
}

/**
 * Puts the hint on the first line of the chunks above, after minification (which would strip it), so
 * in `generateBundle`: a chunk's file name was hashed without the line, which is the same in every
 * build. Registered in vite.config.ts; relative imports only.
 */
export function compileHintsPlugin(): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    generateBundle: {
      // After Vite's own `generateBundle` work, which puts its preload helper at the top of a chunk.
      order: 'post',
      handler(_options, bundle) {
        if (this.environment?.name !== 'client') return;
        const one = (name: string) => {
          const chunks = Object.values(bundle).filter((o): o is Rollup.OutputChunk => o.type === 'chunk' && o.name === name);
          if (chunks.length !== 1) this.error(`compile-hints: expected one "${name}" chunk, found ${chunks.length}`);
          return chunks[0]!;
        };
        const libraries = HINTED_CHUNKS.map(one);
        const stop = new Set(libraries.map((c) => c.fileName));
        const onDemand = HINTED_ON_DEMAND.flatMap((name) => withImports(one(name), bundle, stop));
        for (const fileName of new Set([...stop, ...onDemand])) {
          const chunk = bundle[fileName] as Rollup.OutputChunk;
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
        }
      },
    },
  };
}
