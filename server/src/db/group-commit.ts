/**
 * Group commit for PGlite (docs/decisions/0062-booking-inserts-measured.md). PGlite runs one
 * statement at a time, so PostgreSQL's own group commit never happens: each commit flushed the WAL
 * with an fsync of its own. Here the single-statement transactions (`Db.once`) commit without
 * waiting for the disk, one after another, and one flush of the WAL then covers all of them before
 * any is answered. An answer is never given before its commit is on the disk; a crash before the
 * flush loses only transactions nobody was told about.
 */
const MAX_BATCH = 32;

interface Job {
  run: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

export class GroupCommit {
  readonly #queue: Job[] = [];
  #draining = false;

  /** `flush` makes every commit made before it durable (it is itself a WAL flush). */
  constructor(private readonly flush: () => Promise<void>) {}

  /** Runs `run` (a transaction that commits without waiting for the disk); resolves once it is durable. */
  submit<T>(run: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ run, resolve: resolve as (v: unknown) => void, reject });
      if (!this.#draining) void this.#drain();
    });
  }

  async #drain() {
    this.#draining = true;
    try {
      while (this.#queue.length) {
        // Requests that arrive while the batch runs join it (their clients are waiting, so a batch is
        // at most one request per open connection), up to MAX_BATCH so the first one's wait is bounded.
        const committed: { job: Job; value: unknown }[] = [];
        while (this.#queue.length && committed.length < MAX_BATCH) {
          const job = this.#queue.shift()!;
          try {
            committed.push({ job, value: await job.run() });
          } catch (err) {
            // Rolled back: nothing to make durable.
            job.reject(err);
          }
          // PostgreSQL in WebAssembly holds the thread while it runs a statement: the requests that
          // arrived meanwhile are read in this turn of the event loop, and join before the flush.
          if (!this.#queue.length) await new Promise((resolve) => setImmediate(resolve));
        }
        if (!committed.length) continue;
        try {
          await this.flush();
        } catch (err) {
          for (const c of committed) c.job.reject(err);
          continue;
        }
        for (const c of committed) c.job.resolve(c.value);
      }
    } finally {
      this.#draining = false;
    }
  }
}
