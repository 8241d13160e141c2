import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['build*/', '.react-router/', 'node_modules/', 'web/public/', 'web/app/generated/', 'bench/'] },
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
    // Shared UI imports nothing from features (one direction of imports).
    files: ['web/app/components/**'],
    // The layout (header, footer) is the app shell: it composes features (auth, newsletter).
    ignores: ['web/app/components/layout/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['~/features/*', '../features/*', '../../features/*'], message: 'components/ must not import from features/' }] }],
    },
  },
);
