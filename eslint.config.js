import fs from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The site's features, one folder each under web/app/features/ (read when lint runs, so a new feature is covered). */
const features = fs
  .readdirSync('web/app/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Import direction in the site (README, Layout): shared UI (components/) never imports a feature;
 * a feature uses another feature only through that feature's public entry, its index.ts.
 */
const importZones = [
  {
    target: './web/app/components',
    from: './web/app/features',
    message: 'components/ is shared UI and must not import from features/: pass what it needs as props or children.',
  },
  ...features.flatMap((from) =>
    features
      .filter((target) => target !== from)
      .map((target) => ({
        target: `./web/app/features/${target}`,
        from: `./web/app/features/${from}`,
        except: ['./index.ts'],
        message: `import the ${from} feature through its public entry, ~/features/${from}/index.ts`,
      })),
  ),
];

/**
 * Layers of the server: each folder of server/src may import only the layers listed for
 * it. The top-level config.ts and env.ts are open to all; nothing imports the entry (main.ts) or the
 * command-line tools (cli/). http/ wires the APIs into one app, so it may import them, and they its helpers.
 */
const serverLayers = {
  'data-dir': [],
  db: ['data-dir'],
  mail: ['db', 'data-dir'],
  backup: ['db', 'data-dir'],
  calendar: ['http', 'mail', 'db', 'data-dir'],
  auth: ['http', 'db', 'data-dir'],
  rest: ['http', 'db', 'data-dir'],
  storage: ['http', 'db', 'data-dir'],
  site: ['http', 'db', 'data-dir'],
  stripe: ['http', 'db', 'data-dir'],
  http: ['auth', 'rest', 'storage', 'site', 'calendar', 'mail', 'backup', 'stripe', 'db', 'data-dir'],
  cli: ['http', 'auth', 'backup', 'db', 'data-dir'],
};
const serverZones = Object.entries(serverLayers).map(([layer, allowed]) => ({
  target: `./server/src/${layer}`,
  from: [
    './server/src/main.ts',
    ...Object.keys(serverLayers)
      .filter((other) => other !== layer && !allowed.includes(other))
      .map((other) => `./server/src/${other}`),
  ],
  message: `server/src/${layer}/ may import only ${allowed.length ? allowed.join(', ') : 'no other layer'} (eslint.config.js, serverLayers)`,
}));

export default tseslint.config(
  {
    ignores: [
      'build*/',
      '.react-router/',
      'node_modules/',
      'web/public/',
      'web/app/generated/',
      'scripts/bench/results/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'content/**/*.ts'],
    plugins: { import: importPlugin },
    settings: {
      // Resolves `~/…` and `@content/…` as tsconfig.json's paths do.
      'import/resolver': { typescript: { project: './tsconfig.json' } },
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import/no-restricted-paths': ['error', { zones: importZones }],
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['server/**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' } },
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import/no-restricted-paths': ['error', { zones: serverZones }],
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
