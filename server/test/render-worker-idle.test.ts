import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { siteContentDefaults } from '../../content/editable.ts';
import { RenderWorker } from '../src/site/render-in-worker.ts';

/**
 * The render worker is let go once it has had nothing to render for a while (a warm one holds about
 * 240 MB), and a later publication starts another that renders the same pages. Needs the build
 * (build/renderer), so it runs in the `build` project.
 */
const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build');
const base = fs.mkdtempSync(path.join(os.tmpdir(), 'chef-render-idle-'));
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

/** A warmed worker with this idle time, closed after `check`. */
async function withWorker(idleMs: number, check: (worker: RenderWorker) => Promise<void>) {
  const worker = new RenderWorker(buildDir, fs.mkdtempSync(path.join(base, 'warm-')), idleMs);
  try {
    await worker.warmed;
    await check(worker);
  } finally {
    await worker.close();
  }
  return worker;
}

const render = (worker: RenderWorker, name: string) =>
  worker.render({ outDir: path.join(base, name), content: siteContentDefaults });

describe('the render worker', () => {
  it('is let go after idleMs without a render, and a later render starts another', async () => {
    await withWorker(500, async (worker) => {
      // Warm, then nothing to do: gone once the idle time has passed.
      await expect.poll(() => worker.running, { timeout: 10_000 }).toBe(false);

      const warm = await render(worker, 'after-idle');
      expect(worker.running).toBe(true);
      expect(warm.paths).toContain('/price-list');
      expect(fs.existsSync(path.join(base, 'after-idle', 'price-list', 'index.html'))).toBe(true);
      await expect.poll(() => worker.running, { timeout: 10_000 }).toBe(false);
    });
  }, 120_000);

  it('renders right after the worker was let go: the old worker exiting fails none of the new one’s renders', async () => {
    await withWorker(60_000, async (worker) => {
      // As the idle timer does: let go without waiting for the thread to exit, and a render comes at once.
      const closing = worker.close();
      const result = await render(worker, 'right-after');
      await closing;
      expect(result.paths).toContain('/price-list');
    });
  }, 120_000);

  it('is kept while renders follow one another within idleMs', async () => {
    const worker = await withWorker(60_000, async (worker) => {
      await render(worker, 'one');
      expect(worker.running).toBe(true);
    });
    expect(worker.running).toBe(false);
  }, 120_000);
});
