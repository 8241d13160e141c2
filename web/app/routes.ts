import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';
import { routes } from './paths.ts';

const entries = Object.values(routes);
const strip = (path: string) => path.replace(/^\//, '');

export default [
  index(routes.splash.file),
  // The chef's console: outside the site's layout and the registry (not in the sitemap, linked from
  // no public page: the chef's e-mails and calendar feed lead to it); prerendered as its signed-out
  // page (web/app/prerender.ts, docs/decisions/0035-console-signs-in-from-its-html.md).
  route('console', 'routes/console.tsx', { id: 'console' }),
  // Where the chef's e-mail links that change something lead (safe links): the same kind of page.
  route('mail-action', 'routes/mail-action.tsx', { id: 'mail-action' }),
  // Where the client's quote e-mail leads (/quote#token=…): the same kind of page.
  route('quote', 'routes/quote.tsx', { id: 'quote' }),
  // Where the console's Preview button leads (/preview#token=…): the same kind of page; the previewed pages
  // themselves are the site's own routes (docs/site-editing.md, "Preview").
  route('preview', 'routes/preview.tsx', { id: 'preview' }),
  layout('features/shell/site-layout.tsx', [
    ...entries.filter((e) => e.withChrome).map((e) => route(strip(e.path), e.file, { id: e.id })),
  ]),
] satisfies RouteConfig;
