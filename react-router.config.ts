import type { Config } from '@react-router/dev/config';
import path from 'node:path';
import { fetchPublishedSiteContent } from './web/app/lib/published-source.server.ts';
import { postbuild } from './scripts/build/postbuild.ts';
import { browserPagePaths, prerenderPaths } from './web/app/prerender.ts';

export default {
  appDirectory: 'web/app',
  // BUILD_DIR lets parallel builds (several developers, the benchmark) use separate folders.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
  // Every public page is prerendered to static HTML; there is no server rendering at run time. The
  // e-mail links' pages are prerendered as their loading state, the console as its signed-out page (web/app/prerender.ts).
  ssr: false,
  // The recipes' pages follow the published content (web/app/lib/published-source.server.ts: a hosted build reads its project).
  prerender: async () => [...prerenderPaths((await fetchPublishedSiteContent()).recipes), ...browserPagePaths],
  // React Router's hook after the build and the prerender: the pages are finished here
  // (scripts/build/postbuild.ts), so every `react-router build` is the site that ships.
  buildEnd: async ({ reactRouterConfig }) =>
    postbuild(path.resolve(reactRouterConfig.buildDirectory), await fetchPublishedSiteContent()),
} satisfies Config;
