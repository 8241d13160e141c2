import type { Config } from '@react-router/dev/config';
import { prerenderPaths } from './web/app/prerender.ts';

export default {
  appDirectory: 'web/app',
  // BUILD_DIR lets parallel builds (several developers, the benchmark) use separate folders.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
  // Every public page is prerendered to static HTML; there is no server rendering at run time.
  ssr: false,
  prerender: () => prerenderPaths(),
} satisfies Config;
