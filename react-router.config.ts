import type { Config } from '@react-router/dev/config';
import { browserPagePaths, prerenderPaths } from './web/app/prerender.ts';

export default {
  appDirectory: 'web/app',
  // BUILD_DIR lets parallel builds (several developers, the benchmark) use separate folders.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
  // Every public page is prerendered to static HTML; there is no server rendering at run time. The
  // console and the e-mail links' pages are prerendered as their loading state (web/app/prerender.ts).
  ssr: false,
  prerender: () => [...prerenderPaths(), ...browserPagePaths],
} satisfies Config;
