import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Writes `$BUILD_DIR/bundle-report.json` beside the client build (not inside it, so it is never
 * served): for each JavaScript chunk of the browser build, the npm packages and the project files it
 * holds, and the chunks it imports statically and dynamically. The bundle budget test
 * (scripts/build/bundle-budget.test.ts) and the benchmark read it to tell which library went where.
 * Registered in vite.config.ts; relative imports only.
 */
export interface ChunkReport {
  /** npm packages with code in the chunk, e.g. "@supabase/auth-js", "react-dom". */
  packages: string[];
  /** Project files in the chunk, relative to the repository root. */
  sources: string[];
  /** Chunks loaded with the chunk (static imports). */
  imports: string[];
  /** Chunks loaded on demand by the chunk (dynamic import()). */
  dynamicImports: string[];
  isEntry: boolean;
}
export interface BundleReport {
  /** Keyed by the file's URL path, e.g. "/assets/home-BRPzugwi.js". */
  chunks: Record<string, ChunkReport>;
}

export const BUNDLE_REPORT_FILE = 'bundle-report.json';

/** "…/node_modules/@scope/name/dist/x.js" → "@scope/name"; the innermost node_modules wins. */
export function packageOf(moduleId: string): string | undefined {
  const clean = moduleId.replace(/^\0/, '').replace(/\?.*$/, '');
  const at = clean.lastIndexOf('/node_modules/');
  if (at < 0) return undefined;
  const [first, second] = clean.slice(at + '/node_modules/'.length).split('/');
  if (!first) return undefined;
  return first.startsWith('@') && second ? `${first}/${second}` : first;
}

export function bundleReportPlugin(): Plugin {
  const root = process.cwd();
  return {
    name: 'bundle-report',
    apply: 'build',
    generateBundle(options, bundle) {
      // Only the browser build: its chunks are what visitors download.
      if (this.environment?.name !== 'client') return;
      const url = (file: string) => `/${file}`;
      const report: BundleReport = { chunks: {} };
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const packages = new Set<string>();
        const sources = new Set<string>();
        for (const id of Object.keys(output.modules)) {
          const pkg = packageOf(id);
          if (pkg) packages.add(pkg);
          else if (id.startsWith(root)) sources.add(path.relative(root, id.replace(/\?.*$/, '')));
        }
        report.chunks[url(output.fileName)] = {
          packages: [...packages].sort(),
          sources: [...sources].sort(),
          imports: output.imports.map(url),
          dynamicImports: output.dynamicImports.map(url),
          isEntry: output.isEntry,
        };
      }
      const outDir = options.dir ?? path.dirname(options.file ?? '.');
      fs.mkdirSync(path.dirname(outDir), { recursive: true });
      fs.writeFileSync(path.join(path.dirname(outDir), BUNDLE_REPORT_FILE), `${JSON.stringify(report, null, 1)}\n`);
    },
  };
}
