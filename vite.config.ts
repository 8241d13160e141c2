import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import path from 'node:path';
import { paymentQrPlugin } from './web/app/features/payment/payment-qr-plugin.ts';
import { bundleReportPlugin } from './scripts/bundle-report-plugin.ts';
import { contentDataPlugin } from './scripts/content-data-plugin.ts';
import { chunkFor } from './scripts/chunk-policy.ts';
import { preactAliases, reactDependents } from './scripts/preact-aliases.ts';

export default defineConfig({
  plugins: [contentDataPlugin(), tailwindcss(), paymentQrPlugin(), reactRouter(), bundleReportPlugin()],
  resolve: {
    alias: [
      { find: '~', replacement: path.resolve('web/app') },
      { find: '@content', replacement: path.resolve('content') },
      // React's API on Preact, in the browser and the prerender (scripts/preact-aliases.ts).
      ...preactAliases,
    ],
  },
  // The prerender runs the libraries that import React through Vite, so that the aliases above reach
  // them too (loaded from node_modules, React Router or Radix would load React itself). React Router's
  // two CommonJS dependencies stay with Node: the dev server cannot run them as ES modules.
  ssr: { noExternal: reactDependents(), external: ['cookie', 'set-cookie-parser'] },
  // The year the pages are prerendered in: the footer's copyright line starts from it (web/app/components/layout/footer.tsx).
  define: { 'import.meta.env.VITE_BUILD_YEAR': JSON.stringify(String(new Date().getFullYear())) },
  publicDir: 'web/public',
  build: {
    assetsInlineLimit: 0,
    rollupOptions: {
      output: {
        // Fewer, larger shared chunks: on a phone each request costs a round trip (issue 6).
        manualChunks: (id) => chunkFor(id),
      },
    },
  },
  server: { port: 5173 },
});
