import type { Config } from '@react-router/dev/config';
import { prerenderPaths } from './web/app/prerender.ts';

export default {
  appDirectory: 'web/app',
  buildDirectory: 'build',
  // Every public page is prerendered to static HTML; there is no server rendering at run time.
  ssr: false,
  prerender: () => prerenderPaths(),
} satisfies Config;
