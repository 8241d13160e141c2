import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequestHandler, matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import type { SiteContent } from '../../../content/editable.ts';
import { finishPages } from '../../../scripts/build/finish-pages.ts';
import { RENDERER_DIR } from '../../../scripts/build/keep-renderer.ts';
import { browserPagePaths, prerenderPaths } from '../../../web/app/prerender.ts';

/**
 * Renders the whole site for a publication into a new folder, as `react-router build` prerenders it
 * (docs/site-editing.md): the same server build (kept by scripts/keep-renderer.ts), the same requests
 * (each page's `.data`, then its HTML with that data), the same SPA fallback and the same finishing steps
 * (scripts/finish-pages.ts), with the published content handed to the route loaders as their context.
 * The scripts, styles and media stay the build's: only HTML, `.data`, sitemap.xml and robots.txt are new.
 */

type Handler = ReturnType<typeof createRequestHandler>;
interface RouteNode {
  id: string;
  path?: string;
  index?: boolean;
  children?: RouteNode[];
}

const renderers = new Map<string, Promise<{ build: ServerBuild; routes: RouteNode[] }>>();

/** The build's kept server build, imported once per build folder. */
export function loadRenderer(buildDir: string) {
  let made = renderers.get(buildDir);
  if (!made) {
    made = (async () => {
      const file = path.join(buildDir, RENDERER_DIR, 'index.js');
      if (!fs.existsSync(file)) throw new Error(`${file} is missing: build the site (npm run build) to publish`);
      const build = (await import(pathToFileURL(file).href)) as ServerBuild;
      return { build, routes: routeTree(build) };
    })();
    made.catch(() => renderers.delete(buildDir));
    renderers.set(buildDir, made);
  }
  return made;
}

/** The build's flat route manifest as the nested routes matchRoutes reads. */
function routeTree(build: ServerBuild): RouteNode[] {
  const byParent = new Map<string | undefined, RouteNode[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const list = byParent.get(route.parentId) ?? [];
    list.push({ id: route.id, path: route.path, index: route.index });
    byParent.set(route.parentId, list);
  }
  const attach = (nodes: RouteNode[]): RouteNode[] =>
    nodes.map((node) => (node.index ? node : { ...node, children: attach(byParent.get(node.id) ?? []) }));
  return attach(byParent.get(undefined) ?? []);
}

export interface RenderResult {
  /** Every page path rendered (HTML and `.data`). */
  paths: string[];
  ms: number;
}

export interface RenderOptions {
  /** React Router's build directory: client/ and renderer/. */
  buildDir: string;
  /** The new folder to write (must not exist yet). */
  outDir: string;
  content: SiteContent;
}

/** Renders every page of `content` into `outDir`. Throws on any page's failure. */
export async function renderSite(opts: RenderOptions): Promise<RenderResult> {
  const started = performance.now();
  const { build, routes } = await loadRenderer(opts.buildDir);
  const paths = [...prerenderPaths(opts.content.recipes), ...browserPagePaths];
  // With ssr: false React Router renders only the paths its build lists as prerendered: this publication's.
  const handler: Handler = createRequestHandler({ ...build, prerender: paths }, 'production');
  const context = { siteContent: opts.content };
  fs.mkdirSync(opts.outDir, { recursive: false });
  const write = (rel: string, body: string) => {
    const file = path.join(opts.outDir, ...rel.split('/').filter(Boolean));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, body);
  };
  const call = async (url: string, headers?: Record<string, string>) => {
    const response = await handler(new Request(`http://localhost${url}`, { headers }), context);
    const body = await response.text();
    if (response.status !== 200) throw new Error(`rendering ${url} answered ${response.status}: ${body.slice(0, 300)}`);
    return body;
  };

  for (const pagePath of paths) {
    const matches = matchRoutes(routes as RouteObject[], pagePath);
    if (!matches) throw new Error(`no route renders ${pagePath}`);
    const hasLoader = matches.some((m) => build.assets.routes[m.route.id ?? '']?.hasLoader);
    let headers: Record<string, string> | undefined;
    if (hasLoader) {
      const dataPath = pagePath === '/' ? '/_root.data' : `${pagePath}.data`;
      const data = await call(dataPath);
      write(dataPath, data);
      headers = { 'X-React-Router-Prerender-Data': encodeURI(data) };
    }
    write(
      pagePath === '/' ? '/index.html' : `${pagePath}/index.html`,
      await call(pagePath === '/' ? '/' : `${pagePath}/`, headers),
    );
  }
  // React Router's SPA fallback: the root alone, for a path no page was rendered for.
  write('/__spa-fallback.html', await call('/', { 'X-React-Router-SPA-Mode': 'yes' }));
  finishPages(opts.outDir, opts.content.recipes);
  return { paths, ms: Math.round(performance.now() - started) };
}
