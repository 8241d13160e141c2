import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import path from 'node:path';
import { bundleReportPlugin } from './scripts/build/bundle-report-plugin.ts';
import { contentDataPlugin } from './scripts/build/content-data-plugin.ts';
import { securityHeadersPlugin } from './scripts/build/security-headers-plugin.ts';
import { shellChunks } from './scripts/build/chunk-policy.ts';
import { compileHintsPlugin } from './scripts/build/compile-hints-plugin.ts';
import { keepRendererPlugin } from './scripts/build/keep-renderer.ts';

const shell = shellChunks();

export default defineConfig({
  plugins: [
    keepRendererPlugin(),
    contentDataPlugin(),
    tailwindcss(),
    reactRouter(),
    bundleReportPlugin(),
    securityHeadersPlugin(),
    shell.plugin(),
    compileHintsPlugin(),
  ],
  resolve: {
    alias: {
      '~': path.resolve('web/app'),
      '@content': path.resolve('content'),
    },
  },
  // The year the pages are prerendered in: the footer's copyright line starts from it (web/app/features/shell/footer.tsx).
  define: { 'import.meta.env.VITE_BUILD_YEAR': JSON.stringify(String(new Date().getFullYear())) },
  publicDir: 'web/public',
  build: {
    assetsInlineLimit: 0,
    // `NO_MINIFY=1 npm run build` keeps function names, for scripts/bench/profile.ts.
    minify: process.env.NO_MINIFY ? false : 'esbuild',
    rollupOptions: {
      output: {
        // Fewer, larger shared chunks: on a phone each request costs a round trip (docs/decisions/0004-first-load-budget.md).
        manualChunks: shell.manualChunks,
      },
    },
  },
  server: { port: 5173 },
});
