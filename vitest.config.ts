import { configDefaults, defineConfig } from 'vitest/config';
import path from 'node:path';

const alias = { '~': path.resolve('web/app'), '@content': path.resolve('content') };

/**
 * Tests that read the build's output (`npm run build` first): the `build` project, not `unit`. The media
 * manifest (web/app/generated/, written by scripts/build/media.ts) is build output too: structured data
 * names the pictures' URLs from it.
 */
const buildOutputTests = [
  'scripts/build/bundle-budget.test.ts',
  'web/app/components/ui/media.test.ts',
  'web/app/lib/structured-data.test.ts',
  // The local server renders a publication with the build's kept server build (build/renderer).
  'server/test/site-publish.test.ts',
  'server/test/render-worker-idle.test.ts',
  // A restored server renders the same pages from the restored publication.
  'server/test/backup-site-pages.test.ts',
];

/** The bench's own tests (its calibration and process priority), beside the bench in scripts/bench/. */
const benchTests = 'scripts/bench/**/*.test.ts';

/**
 * One runner, five projects: fast unit tests beside the code (they need no build), the bench's own
 * tests, checks on the build's output, server integration tests (supabase-js against the real server),
 * and end-to-end tests in Chromium against the built site. `npm test` builds, then runs them all.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    setupFiles: ['./vitest.setup.ts'],
    // A fresh temp folder for the run, and a check at its end that nothing is left (issue 42).
    globalSetup: ['./test-support/global-setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'web/**/*.test.ts',
            'web/**/*.test.tsx',
            'content/**/*.test.ts',
            'scripts/**/*.test.ts',
            'test-support/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, ...buildOutputTests, benchTests],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'bench',
          include: [benchTests],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'build',
          include: buildOutputTests,
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...buildOutputTests],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two cores: one browser at a time keeps timings honest and tests stable.
          fileParallelism: false,
        },
      },
    ],
  },
});
