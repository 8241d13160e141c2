import path from 'node:path';

/**
 * How the browser build groups shared code (vite.config.ts `manualChunks`). Rollup's default gives
 * one chunk per shared module, which meant ~35 requests before a page could hydrate; on a phone
 * each costs a round trip (docs/decisions/0004-first-load-budget.md). Everything that the site layout needs on every page (header,
 * footer, newsletter form, Picture, the media manifest, paths, SEO helpers, brand settings and the
 * shell's icons) goes into one `shell` chunk. Code used by one page (carousel, drop zone, slider,
 * dialogs, toasts, forms) is left to Rollup, so it stays in that page's chunks or loads on first use.
 * Route modules are never forced into a chunk: React Router loads them per route.
 * Relative imports only (loaded with vite.config.ts).
 */
const SHELL_FILES = [
  'web/app/paths.ts',
  'web/app/generated/media-manifest.json',
  'web/app/lib/cn.ts',
  'web/app/lib/seo.ts',
  'web/app/lib/structured-data.ts',
  'web/app/lib/supabase.ts',
  'web/app/components/ui/button.tsx',
  'web/app/components/ui/page-heading.tsx',
  'web/app/components/ui/picture.tsx',
  'web/app/components/ui/media-manifest.ts',
  'web/app/components/ui/toast-store.ts',
  'web/app/features/shell/header.tsx',
  'web/app/features/shell/footer.tsx',
  'web/app/components/layout/page-background.tsx',
  'web/app/components/layout/lazy-toaster.tsx',
  'web/app/components/layout/static-html.tsx',
  'web/app/features/auth/auth-context.tsx',
  'web/app/features/auth/index.ts',
  'web/app/features/newsletter/index.ts',
  'web/app/features/analytics/analytics.tsx',
  'web/app/features/newsletter/newsletter-form.tsx',
  'web/app/features/newsletter/newsletter-signups.ts',
  'content/site.ts',
  'content/shell.ts',
  'content/pages.ts',
];
/** lucide-react's runtime and the icons of the header and footer. */
const SHELL_ICONS = ['book-open', 'menu', 'user-round', 'x', 'phone', 'mail', 'circle-play'];

export function chunkFor(id: string, root = process.cwd()): string | undefined {
  const clean = id.replace(/^\0/, '').replace(/\?.*$/, '');
  const lucide = /\/node_modules\/lucide-react\/dist\/esm\/(.+)\.mjs$/.exec(clean);
  if (lucide) {
    const [, file] = lucide;
    if (!file!.startsWith('icons/') && !file!.startsWith('DynamicIcon') && !file!.startsWith('dynamicIconImports')) return 'shell';
    return SHELL_ICONS.includes(file!.slice('icons/'.length)) ? 'shell' : undefined;
  }
  if (/\/node_modules\/clsx\//.test(clean)) return 'shell';
  const rel = path.relative(root, clean).split(path.sep).join('/');
  return SHELL_FILES.includes(rel) ? 'shell' : undefined;
}
