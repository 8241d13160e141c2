import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { siteContentDefaults } from '../../../content/editable.ts';
import type { RenderOptions, RenderResult } from './render.ts';

type Reply = { id: number; ok: true; result: RenderResult } | { id: number; ok: false; error: string };

/**
 * renderSite in a worker thread: rendering thirty pages is seconds of JavaScript that would otherwise hold
 * up every API request and page the server answers meanwhile. The worker lives as long as the server and
 * is warmed when it starts (`warmed`), so a publication pays for its pages only; a worker that died is
 * started again for the next render.
 */
export class RenderWorker {
  private worker: Worker | undefined;
  private next = 1;
  private waiting = new Map<number, { resolve: (r: RenderResult) => void; reject: (e: Error) => void }>();

  /**
   * Settles once the worker has rendered the defaults once into `warmDir` (then removed): the
   * renderer's modules, the build's server build and the pages' code are then loaded and compiled, so the
   * chef's first publication costs what every later one does. Never rejects (a failed warm-up only means a
   * slower first render, which reports its own error).
   */
  readonly warmed: Promise<void>;

  /**
   * `warmDir` is a folder of the server's own data (not the system's temp folder), so a server killed while
   * it warms leaves nothing elsewhere, and the next start clears what it left.
   */
  constructor(
    private readonly buildDir: string,
    warmDir: string,
  ) {
    this.start();
    const dir = warmDir;
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    this.warmed = this.render({ outDir: path.join(dir, 'site'), content: siteContentDefaults })
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => fs.rmSync(dir, { recursive: true, force: true }));
  }

  private start(): Worker {
    const worker = new Worker(new URL('./render-worker.mjs', import.meta.url));
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
