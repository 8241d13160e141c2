import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';

/**
 * The content (content/*.ts) is checked with zod when it is loaded: in the tests, in the dev server
 * and while the pages are prerendered, so a bad edit fails the build. The browser does not need to
 * check it again, and zod (≈ 35 kB gzip) would otherwise be in every page's first load (docs/decisions/0004-first-load-budget.md).
 *
 * So in the browser build only, each content module is replaced by its evaluated exports:
 * plain data becomes a literal, small self-contained functions (such as `recipeById`) are kept as
 * their source, and zod schemas are left out (a browser import of one fails the build, loudly). A
 * module holding anything else (a class instance, a Map…) is left as it is.
 * Registered in vite.config.ts; relative imports only.
 */

const CONTENT_MODULE = /\/content\/[^/]+\.ts$/;
/**
 * The console's site editor validates the chef's drafts with content/'s zod schemas in the browser
 * (docs/decisions/0053-site-drafts-and-publications.md): what it imports from content/, and what those
 * modules import in turn, is loaded as written, under this query. Only its own lazy chunk carries zod
 * and the schemas; every other import of content/ stays data.
 */
const WITH_SCHEMAS = '?with-schemas';
const SITE_EDITOR = `${path.sep}web${path.sep}app${path.sep}features${path.sep}console${path.sep}site${path.sep}`;
const TEST_MODULE = /\.test\.ts$/;

const isPlainObject = (v: object) => {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};
const isSchema = (v: unknown) => typeof v === 'object' && v !== null && '_zod' in v;

/** A JavaScript literal for plain data, or undefined when the value is not plain data. */
export function literal(value: unknown): string | undefined {
  if (value === undefined) return 'undefined';
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : undefined;
  if (Array.isArray(value)) {
    const items = value.map(literal);
    return items.every((i) => i !== undefined) ? `[${items.join(',')}]` : undefined;
  }
  if (typeof value === 'object' && isPlainObject(value)) {
    const parts: string[] = [];
    for (const [k, v] of Object.entries(value)) {
      const item = literal(v);
      if (item === undefined) return undefined;
      parts.push(`${JSON.stringify(k)}:${item}`);
    }
    return `{${parts.join(',')}}`;
  }
  return undefined;
}

/** The browser module for a content module's exports, or undefined to keep the module as it is. */
export function browserModule(exports: Record<string, unknown>): string | undefined {
  const lines: string[] = [];
  for (const [name, value] of Object.entries(exports)) {
    if (name === 'default') return undefined;
    if (isSchema(value)) continue;
    if (typeof value === 'function') {
      lines.push(`export const ${name} = (${value.toString()});`);
      continue;
    }
    const data = literal(value);
    if (data === undefined) return undefined;
    lines.push(`export const ${name} = ${data};`);
  }
  return `// Evaluated and checked at build time (scripts/build/content-data-plugin.ts).\n${lines.join('\n')}\n`;
}

export function contentDataPlugin(): Plugin[] {
  const contentDir = path.resolve('content');
  // Before Vite's own resolver, which would otherwise resolve these imports first.
  const withSchemas: Plugin = {
    name: 'content-data:with-schemas',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (this.environment?.name !== 'client' || !importer) return null;
      if (!importer.endsWith(WITH_SCHEMAS) && !importer.includes(SITE_EDITOR)) return null;
      const resolved = await this.resolve(source, importer.replace(/\?.*$/, ''), { ...options, skipSelf: true });
      if (!resolved || !CONTENT_MODULE.test(resolved.id) || !resolved.id.startsWith(contentDir + path.sep)) return null;
      return { ...resolved, id: `${resolved.id}${WITH_SCHEMAS}` };
    },
  };
  return [withSchemas, {
    name: 'content-data',
    apply: 'build',
    configResolved(config) {
      // Settings from .env files reach `import.meta.env` in the bundle; content evaluated here reads
      // them from the process environment (content/site.ts), so hand them over. Set values win.
      for (const [name, value] of Object.entries(config.env)) {
        if (name.startsWith('VITE_') && process.env[name] === undefined && typeof value === 'string') process.env[name] = value;
      }
    },
    async load(id) {
      if (this.environment?.name !== 'client' || id.endsWith(WITH_SCHEMAS)) return null;
      const file = id.replace(/\?.*$/, '');
      if (!CONTENT_MODULE.test(file) || TEST_MODULE.test(file) || !file.startsWith(contentDir + path.sep)) return null;
      const exports = (await tsImport(pathToFileURL(file).href, import.meta.url)) as Record<string, unknown>;
      const code = browserModule({ ...exports });
      if (code === undefined) return null;
      this.addWatchFile(file);
      return { code };
    },
  }];
}
