import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { siteContentDefaults } from '../../../content/editable.ts';
import type { RenderOptions, RenderResult } from './render.ts';

/** Removes a warm-up folder once it is `ageMs` old; another server's removing it first is no error. */
function removeIfStale(dir: string, ageMs = 3_600_000) {
  try {
    if (Date.now() - fs.statSync(dir).mtimeMs >= ageMs) fs.rmSync(dir, { recursive: true, force: true });
  } catch {
    // gone already
  }
}

/** How long a warm render worker is kept without a render. */
export const RENDER_WORKER_IDLE_MS = 5 * 60_000;

type Reply = { id: number; ok: true; result: RenderResult } | { id: number; ok: false; error: string };

/**
 * renderSite in a worker thread: rendering thirty pages is seconds of JavaScript that would otherwise hold
 * up every API request and page the server answers meanwhile. The worker is warmed when the server starts
 * (`warmed`), so a publication pays for its pages only. A warm worker holds about 240 MB, so it is let go
 * once it has had nothing to render for `idleMs`; the next render, and one after a worker died, starts
 * another (about 2 s more on an idle machine; docs/decisions/0063-render-worker-let-go-when-idle.md).
 */
export class RenderWorker {
  private worker: Worker | undefined;
  private next = 1;
  /** Renders not yet answered, each with the worker it was sent to. */
  private waiting = new Map<
    number,
    { worker: Worker; resolve: (r: RenderResult) => void; reject: (e: Error) => void }
  >();
  private idleTimer: NodeJS.Timeout | undefined;

  /**
   * Settles once the worker has rendered the defaults once into a folder of its own (then removed): the
   * renderer's modules, the build's server build and the pages' code are then loaded and compiled, so the
   * chef's first publication costs what every later one does. Never rejects (a failed warm-up only means a
   * slower first render, which reports its own error).
   */
  readonly warmed: Promise<void>;

  /**
   * The warm-up renders into a new folder under `warmParent`, a folder of the server's own data (not the
   * system's temp folder), removed when done. Several servers may share one data folder (on PostgreSQL), so
   * each warms in a folder of its own; one a killed server left is removed by a later start once it is an
   * hour old (a warm-up takes seconds).
   */
  constructor(
    private readonly buildDir: string,
    warmParent: string,
    private readonly idleMs = RENDER_WORKER_IDLE_MS,
  ) {
    this.start();
    let dir: string | undefined;
    try {
      fs.mkdirSync(warmParent, { recursive: true });
      for (const name of fs.readdirSync(warmParent)) removeIfStale(path.join(warmParent, name));
      dir = fs.mkdtempSync(path.join(warmParent, 'warm-'));
    } catch {
      // Not warmed: the first publication pays for loading the renderer.
    }
    const warmDir = dir;
    this.warmed = warmDir
      ? this.render({ outDir: path.join(warmDir, 'site'), content: siteContentDefaults })
          .then(
            () => undefined,
            () => undefined,
          )
          .finally(() => removeIfStale(warmDir, 0))
      : Promise.resolve();
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
    // Only this worker's renders fail with it: one let go when idle exits after its successor started.
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const [id, waiter] of this.waiting) {
        if (waiter.worker !== worker) continue;
        this.waiting.delete(id);
        waiter.reject(error);
      }
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the render stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  render(opts: Omit<RenderOptions, 'buildDir'>): Promise<RenderResult> {
    clearTimeout(this.idleTimer);
    const worker = this.worker ?? this.start();
    const id = this.next++;
    return new Promise<RenderResult>((resolve, reject) => {
      this.waiting.set(id, { worker, resolve, reject });
      worker.postMessage({ id, opts: { ...opts, buildDir: this.buildDir } });
    }).finally(() => {
      if (this.waiting.size) return;
      clearTimeout(this.idleTimer);
      // Cleared by the next render, so it fires only when none has come since.
      this.idleTimer = setTimeout(() => void this.close(), this.idleMs).unref();
    });
  }

  /** Whether a worker is started (warm, or rendering). */
  get running(): boolean {
    return this.worker !== undefined;
  }

  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }
}
