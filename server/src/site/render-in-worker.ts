import { Worker } from 'node:worker_threads';
import type { RenderOptions, RenderResult } from './render.ts';

/**
 * renderSite in a worker thread of its own: rendering thirty pages is seconds of JavaScript that would
 * otherwise hold up every API request and page the server answers meanwhile. A fresh worker per
 * publication also imports the build's server build afresh and leaves nothing behind.
 */
export function renderInWorker(opts: RenderOptions): Promise<RenderResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./render-worker.mjs', import.meta.url), { workerData: opts });
    let settled = false;
    worker.once('message', (message: { ok: true; result: RenderResult } | { ok: false; error: string }) => {
      settled = true;
      if (message.ok) resolve(message.result);
      else reject(new Error(message.error));
      void worker.terminate();
    });
    worker.once('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`the render stopped (exit code ${code})`));
    });
  });
}
