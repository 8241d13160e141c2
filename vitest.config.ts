import { defineConfig } from 'vitest/config';
import path from 'node:path';
import { preactAliases, reactDependents } from './scripts/preact-aliases.ts';

const alias = [
  { find: '~', replacement: path.resolve('web/app') },
  { find: '@content', replacement: path.resolve('content') },
];
// Components under test render with the runtime the site ships: Preact (scripts/preact-aliases.ts).
// The server (also started in-process by the end-to-end tests) renders its e-mail templates with
// React itself, as `npm start` runs them.
const siteAlias = [...alias, ...preactAliases];

/**
 * One runner, three projects: fast unit tests beside the code, server integration tests
 * (supabase-js against the real server), and end-to-end tests in Chromium against the built site.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    setupFiles: ['./vitest.setup.ts'],
    projects: [
      {
        extends: true,
        // Libraries that import React run through Vite, in their ES module builds, so that their `react`
        // imports meet the aliases too (left to Node, React Router's CommonJS build requires React itself).
        ssr: { resolve: { conditions: ['module', 'node', 'development|production'] } },
        resolve: { alias: siteAlias },
        test: {
          name: 'unit',
          include: ['web/**/*.test.ts', 'web/**/*.test.tsx', 'content/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          server: { deps: { inline: reactDependents() } },
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
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
