import { Worker } from 'node:worker_threads';
import type { RenderOptions, RenderResult } from './render.ts';

type Reply = { id: number; ok: true; result: RenderResult } | { id: number; ok: false; error: string };

/**
 * renderSite in a worker thread: rendering thirty pages is seconds of JavaScript that would otherwise hold
 * up every API request and page the server answers meanwhile. The worker lives as long as the server and
 * is warmed when it starts (the renderer's modules and the build's server build imported), so a
 * publication pays for the pages only; a worker that died is started again for the next render.
 */
export class RenderWorker {
  private worker: Worker | undefined;
  private next = 1;
  private waiting = new Map<number, { resolve: (r: RenderResult) => void; reject: (e: Error) => void }>();

  constructor(private readonly buildDir: string) {
    this.start();
  }

  private start(): Worker {
    const worker = new Worker(new URL('./render-worker.mjs', import.meta.url), { workerData: { buildDir: this.buildDir } });
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const waiter = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if (reply.ok) waiter?.resolve(reply.result);
      else waiter?.reject(new Error(reply.error));
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const waiter of this.waiting.values()) waiter.reject(error);
      this.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the render stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  render(opts: Omit<RenderOptions, 'buildDir'>): Promise<RenderResult> {
    const worker = this.worker ?? this.start();
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, opts: { ...opts, buildDir: this.buildDir } });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }
}
