import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import path from 'node:path';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: {
      '~': path.resolve('web/app'),
      '@content': path.resolve('content'),
    },
  },
  publicDir: 'web/public',
  build: { assetsInlineLimit: 0 },
  server: { port: 5173 },
});
