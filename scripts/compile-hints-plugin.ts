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
 * `shell` chunk, scripts/chunk-policy.ts). Most of their functions run while the page hydrates; on the
 * calibrated phone, lazily compiling them was part of every page's longest tasks
 * (docs/decisions/0038-compile-hints-for-the-libraries-every-page-runs.md). Page and on-demand chunks
 * do not get it: their functions mostly run later or never.
 */
export const HINTED_CHUNKS = ['entry.client', SHELL];

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
        for (const name of HINTED_CHUNKS) {
          const chunks = Object.values(bundle).filter((o): o is Rollup.OutputChunk => o.type === 'chunk' && o.name === name);
          if (chunks.length !== 1) this.error(`compile-hints: expected one "${name}" chunk, found ${chunks.length}`);
          const chunk = chunks[0]!;
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
        }
      },
    },
  };
}
