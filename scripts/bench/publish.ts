import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { siteContentDefaults } from '../../content/editable.ts';
import { RenderWorker } from '../../server/src/site/render-in-worker.ts';

/**
 * The time to publish the whole site on the local server (docs/site-editing.md): what a publication costs
 * between the database's `site_published` and the swap, that is every page and its data rendered and
 * finished (server/src/site/render.ts) in the server's render worker, once it is warm (as the server's is
 * after its start). The content is today's, with one price changed;
 * median of `runs`. Needs the build. Used by scripts/bench.ts.
 *
 *   npx tsx scripts/bench/publish.ts [runs]
 */
export async function publishReport(
  buildDir: string,
  runs = 3,
): Promise<{ pages: number; runsMs: number[]; medianMs: number }> {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'chef-bench-publish-'));
  const runsMs: number[] = [];
  let pages = 0;
  const worker = new RenderWorker(buildDir, path.join(base, 'warm'));
  try {
    await worker.warmed;
    for (let i = 0; i < runs; i++) {
      const content = {
        ...siteContentDefaults,
        pricing: {
          ...siteContentDefaults.pricing,
          packages: siteContentDefaults.pricing.packages.map((p, j) =>
            j === 0 ? { ...p, price: `From $${150 + i}` } : p,
          ),
        },
      };
      const started = performance.now();
      const result = await worker.render({ outDir: path.join(base, String(i)), content });
      runsMs.push(Math.round(performance.now() - started));
      pages = result.paths.length;
    }
  } finally {
    await worker.close();
    fs.rmSync(base, { recursive: true, force: true });
  }
  const sorted = [...runsMs].sort((a, b) => a - b);
  return { pages, runsMs, medianMs: sorted[Math.floor(sorted.length / 2)]! };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const report = await publishReport(path.resolve(process.env.BUILD_DIR ?? 'build'), Number(process.argv[2] ?? 3));
  console.log(
    `Publish: the whole site (${report.pages} pages) rendered in ${report.medianMs} ms (median of ${report.runsMs.join(', ')} ms)`,
  );
}
