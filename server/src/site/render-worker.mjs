// One publication's render, off the server's event loop (server/src/site/render-in-worker.ts). Plain
// JavaScript: a worker thread of Node 20 does not take tsx's loader from execArgv, so the TypeScript
// source is imported through tsx's API.
import { parentPort, workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

try {
  const { renderSite } = await tsImport('./render.ts', import.meta.url);
  parentPort.postMessage({ ok: true, result: await renderSite(workerData) });
} catch (error) {
  parentPort.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) });
}
