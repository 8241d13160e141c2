import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

/**
 * How the browser build groups shared code (vite.config.ts `manualChunks`). Rollup's default gives
 * one chunk per shared module, which meant ~35 requests before a page could hydrate; on a phone each
 * costs a round trip (docs/decisions/0004-first-load-budget.md). What the site layout needs on every
 * page (header, footer, newsletter form, Picture, the media manifest, paths, SEO helpers, brand
 * settings) goes into one `shell` chunk; code used by one page is left to Rollup, so it stays in that
 * page's chunks or loads on first use. Route modules are never forced into a chunk.
 *
 * A module joins the shell by saying so (docs/decisions/0028-the-build.md): a line comment among the
 * comments that open the file,
 *
 *     // chunk: shell
 *
 * optionally naming files it brings along that cannot hold a comment (`// chunk: shell, with
 * ../../generated/media-manifest.json`, relative to the module). The icons a shell module imports
 * from lucide-react join it (with lucide's runtime), and so does clsx. `shellChunkPlugin` stops the
 * build when a declared file is missing or ends up outside the shell chunk.
 * Relative imports only (loaded with vite.config.ts).
 */
export const SHELL = 'shell';
/** Where shell modules live; the declarations are read from every .ts/.tsx file under these. */
const SOURCE_DIRS = ['web/app', 'content'];
const DIRECTIVE = /^\/\/\s*chunk:\s*shell(?:\s*,\s*with\s+(.+?))?\s*$/;

/** The comments before a file's first token (whitespace, `//…` and `/*…*\/` only), in order. */
export function leadingComments(source: string): string[] {
  const comments: string[] = [];
  let i = source.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (;;) {
    while (i < source.length && /\s/.test(source[i]!)) i++;
    if (source.startsWith('//', i)) {
      const end = source.indexOf('\n', i);
      comments.push(source.slice(i, end < 0 ? source.length : end).trimEnd());
      i = end < 0 ? source.length : end + 1;
    } else if (source.startsWith('/*', i)) {
      const end = source.indexOf('*/', i + 2);
      if (end < 0) return comments;
      comments.push(source.slice(i, end + 2));
      i = end + 2;
    } else return comments;
  }
}

/** A module's shell declaration: undefined if it has none, else the extra files it brings (absolute). */
export function shellDeclaration(file: string, source: string): string[] | undefined {
  const lines = leadingComments(source).flatMap((c) => (c.startsWith('//') ? [c] : []));
  const matches = lines.map((l) => DIRECTIVE.exec(l)).filter((m) => m !== null);
  if (matches.length === 0) {
    if (lines.some((l) => /^\/\/\s*chunk\s*:/.test(l))) throw new Error(`chunk-policy: ${file}: a chunk comment that is not \`// chunk: shell[, with <files>]\``);
    return undefined;
  }
  if (matches.length > 1) throw new Error(`chunk-policy: ${file}: more than one \`// chunk: shell\` line`);
  const extra = matches[0]![1];
  return extra ? extra.split(/\s*,\s*/).map((f) => path.resolve(path.dirname(file), f)) : [];
}

const filesUnder = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' || entry.name === 'node_modules' ? [] : filesUnder(p);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [p] : [];
  });

/** Every file declared into the shell under `root` (absolute paths): the modules and what they bring along. */
export function declaredShell(root = process.cwd()): { modules: string[]; files: string[] } {
  const modules: string[] = [];
  const files: string[] = [];
  for (const dir of SOURCE_DIRS.map((d) => path.join(root, d)).filter((d) => fs.existsSync(d))) {
    for (const file of filesUnder(dir)) {
      const extra = shellDeclaration(file, fs.readFileSync(file, 'utf8'));
      if (!extra) continue;
      modules.push(file);
      for (const f of extra) {
        if (!fs.existsSync(f)) throw new Error(`chunk-policy: ${path.relative(root, file)} brings ${path.relative(root, f)} into the shell, and it does not exist`);
        files.push(f);
      }
    }
  }
  if (modules.length === 0) throw new Error('chunk-policy: no module declares `// chunk: shell`');
  return { modules: modules.sort(), files: files.sort() };
}

const LUCIDE = /\/node_modules\/lucide-react\/dist\/esm\/(.+)\.mjs$/;
const cleanId = (id: string) => id.replace(/^\0/, '').replace(/\?.*$/, '');

interface EstreeNode {
  type: string;
  source?: { value: unknown };
  specifiers?: { type: string; imported?: { name?: string; value?: unknown }; exported?: { name?: string; value?: unknown }; local?: { name?: string } }[];
}
const nameOf = (n?: { name?: string; value?: unknown }) => (n?.name ?? (typeof n?.value === 'string' ? n.value : undefined));

/** The shell chunk's policy for one build: `manualChunks` and the plugin that checks the result. */
export function shellChunks(root = process.cwd()) {
  let declared: ReturnType<typeof declaredShell> | undefined;
  const shellFiles = () => {
    declared ??= declaredShell(root);
    return new Set([...declared.modules, ...declared.files]);
  };
  let icons: Set<string> | undefined;

  /** lucide icon files (e.g. "icons/menu") that shell modules import, read from the modules' and lucide's own ASTs. */
  const shellIcons = (meta: Rollup.ManualChunkMeta): Set<string> => {
    if (icons) return icons;
    const names = new Set<string>();
    for (const file of declared!.modules) {
      const body = (meta.getModuleInfo(file)?.ast as { body?: EstreeNode[] } | null)?.body ?? [];
      for (const node of body) {
        if (node.type !== 'ImportDeclaration' || node.source?.value !== 'lucide-react') continue;
        for (const s of node.specifiers ?? []) {
          if (s.type !== 'ImportSpecifier') throw new Error(`chunk-policy: ${path.relative(root, file)} imports lucide-react other than by name`);
          names.add(nameOf(s.imported)!);
        }
      }
    }
    icons = new Set();
    if (names.size === 0) return icons;
    const barrel = [...meta.getModuleIds()].find((id) => cleanId(id).endsWith('/lucide-react/dist/esm/lucide-react.mjs'));
    const exports = new Map<string, string>();
    const barrelBody = barrel ? ((meta.getModuleInfo(barrel)?.ast as { body?: EstreeNode[] } | null)?.body ?? []) : [];
    for (const node of barrelBody) {
      if (node.type !== 'ExportNamedDeclaration' || typeof node.source?.value !== 'string') continue;
      const file = node.source.value.replace(/^\.\//, '').replace(/\.mjs$/, '');
      for (const s of node.specifiers ?? []) exports.set(nameOf(s.exported)!, file);
    }
    for (const name of names) {
      const file = exports.get(name);
      if (!file) throw new Error(`chunk-policy: lucide-react has no export ${name} in ${barrel ?? 'the build'}`);
      icons.add(file);
    }
    return icons;
  };

  const manualChunks = (id: string, meta: Rollup.ManualChunkMeta): string | undefined => {
    const clean = cleanId(id);
    const files = shellFiles();
    const lucide = LUCIDE.exec(clean);
    if (lucide) {
      const file = lucide[1]!;
      // lucide's runtime (the icon factory, its helpers and defaults) is shared by every icon.
      if (!file.startsWith('icons/') && !file.startsWith('DynamicIcon') && !file.startsWith('dynamicIconImports')) return SHELL;
      return shellIcons(meta).has(file) ? SHELL : undefined;
    }
    if (/\/node_modules\/clsx\//.test(clean)) return SHELL;
    // A variant of a declared file (its id has a query: the site editor's content with its zod schemas,
    // scripts/build/content-data-plugin.ts) is not the module the pages share, and stays out of the shell.
    if (id.replace(/^\0/, '') !== clean) return undefined;
    return files.has(clean) ? SHELL : undefined;
  };

  /** Fails the browser build when a declared file is not in the shell chunk, or the chunk is missing. */
  const plugin = (): Plugin => ({
    name: 'shell-chunk-check',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (this.environment?.name !== 'client') return;
      const chunks = Object.values(bundle).filter((o) => o.type === 'chunk');
      const shell = chunks.filter((c) => c.name === SHELL);
      if (shell.length !== 1) this.error(`chunk-policy: expected one "${SHELL}" chunk, found ${shell.length}`);
      const inShell = new Set(Object.keys(shell[0]!.modules).map(cleanId));
      const outside = [...shellFiles()].filter((f) => !inShell.has(f)).map((f) => {
        const holder = chunks.find((c) => Object.keys(c.modules).some((m) => cleanId(m) === f));
        return `${path.relative(root, f)} (${holder ? `in ${holder.fileName}` : 'in no chunk: nothing imports it'})`;
      });
      if (outside.length) this.error(`chunk-policy: declared \`// chunk: shell\` but not in the shell chunk: ${outside.join(', ')}`);
      const missingIcons = [...(icons ?? [])].filter((i) => ![...inShell].some((m) => m.endsWith(`/lucide-react/dist/esm/${i}.mjs`)));
      if (missingIcons.length) this.error(`chunk-policy: shell icons outside the shell chunk: ${missingIcons.join(', ')}`);
    },
  });

  return { manualChunks, plugin };
}
