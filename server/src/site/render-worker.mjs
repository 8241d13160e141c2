// The publications' renders, off the server's event loop (server/src/site/render-in-worker.ts): one
// long-lived worker thread, warmed at start, that renders one publication per message. Plain JavaScript:
// a worker thread of Node 20 does not take tsx's loader from execArgv, so the TypeScript source is
// imported through tsx's API.
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const render = tsImport('./render.ts', import.meta.url);

parentPort.on('message', async ({ id, opts }) => {
  try {
    const { renderSite } = await render;
    parentPort.postMessage({ id, ok: true, result: await renderSite(opts) });
  } catch (error) {
    parentPort.postMessage({ id, ok: false, error: error instanceof Error ? error.message : String(error) });
  }
});
