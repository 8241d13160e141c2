import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Listener } from './types.ts';

export interface ListenHandlers {
  onNotify: (payload: string) => void;
  onLost: () => void;
}

/** How long a new listening connection waits for its own probe notification. */
const PROBE_TIMEOUT_MS = 5000;
const RECONNECT_MS = 1000;
const RETRY_AFTER_FAILURE_MS = 30_000;

/**
 * LISTEN on a connection of its own, opened again whenever it breaks.
 *
 * `sync()` sends `select 1` on that connection: PostgreSQL signals listening sessions before it
 * acknowledges the commit that notified, and a session sends pending notifications before the
 * answer to its next query, so once that answer is read every notification committed before the
 * `select 1` was sent has been delivered. Callers that arrive while a `select 1` is under way share
 * the next one (one round trip per batch).
 *
 * Its state is one value, `state`: connecting (no connection yet, or a broken one being replaced),
 * listening on a client, or closed.
 */
export class PostgresListener implements Listener {
  private state: { kind: 'connecting' } | { kind: 'listening'; client: pg.Client } | { kind: 'closed' } = {
    kind: 'connecting',
  };
  /** The `select 1` on its way, and the one queued behind it (see `sync`). */
  private pings: { inFlight?: Promise<void>; queued?: Promise<void> } = {};
  /** Whether the last failure to listen was logged (one line until it works again). */
  private failureReported = false;
  private readonly probes = new Map<string, () => void>();

  constructor(
    private readonly pgModule: typeof pg,
    private readonly url: string,
    private readonly channel: string,
    private readonly handlers: ListenHandlers,
  ) {
    // In the background: the handle exists at once, so closing the database closes it even while
    // it is still connecting (a server stopped right after it started).
    void this.connect();
  }

  get live(): boolean {
    return this.state.kind === 'listening';
  }

  sync(): Promise<void> {
    if (!this.pings.inFlight) return this.ping();
    // A select 1 already sent may have been answered before this caller's commit: wait for the next.
    this.pings.queued ??= this.pings.inFlight
      .catch(() => {})
      .then(() => {
        this.pings.queued = undefined;
        return this.ping();
      });
    return this.pings.queued;
  }

  async close(): Promise<void> {
    const previous = this.state;
    this.state = { kind: 'closed' };
    if (previous.kind === 'listening') await previous.client.end().catch(() => {});
  }

  private ping(): Promise<void> {
    if (this.state.kind !== 'listening') return Promise.reject(new Error('not listening'));
    const inFlight = this.state.client.query('select 1').then(
      () => {
        this.pings.inFlight = undefined;
      },
      (err: unknown) => {
        this.pings.inFlight = undefined;
        throw err;
      },
    );
    this.pings.inFlight = inFlight;
    return inFlight;
  }

  private retry(ms: number) {
    if (this.state.kind !== 'closed') setTimeout(() => void this.connect(), ms).unref();
  }

  /** Listens on a new connection; on failure tries again later (never throws). */
  private async connect(): Promise<void> {
    const c = new this.pgModule.Client({ connectionString: this.url });
    c.on('notification', (n) => {
      if (n.channel !== this.channel) return;
      const payload = n.payload ?? '';
      this.probes.get(payload)?.();
      this.handlers.onNotify(payload);
    });
    const lost = () => {
      if (this.state.kind !== 'listening' || this.state.client !== c) return;
      this.state = { kind: 'connecting' };
      this.handlers.onLost();
      this.retry(RECONNECT_MS);
    };
    c.on('error', lost);
    c.on('end', lost);
    try {
      await c.connect();
      await c.query(`listen ${this.channel.replace(/[^a-z0-9_]/g, '')}`);
      await this.probe();
    } catch (err) {
      await c.end().catch(() => {});
      if (this.state.kind === 'closed') return; // closed while it was connecting: nothing to say
      if (!this.failureReported)
        console.error(`response cache off until notifications arrive: ${(err as Error).message}`);
      this.failureReported = true;
      this.retry(RETRY_AFTER_FAILURE_MS);
      return;
    }
    if (this.state.kind === 'closed') {
      await c.end();
      return;
    }
    this.state = { kind: 'listening', client: c };
    this.failureReported = false;
    // Anything committed while no connection listened may have been missed.
    this.handlers.onLost();
  }

  /**
   * A notification sent from another connection must arrive: through a proxy that pools
   * transactions (PgBouncer's transaction mode) LISTEN is not kept, and nothing would say so.
   */
  private async probe(): Promise<void> {
    const token = `probe ${randomUUID()}`;
    const arrived = new Promise<void>((resolve, reject) => {
      this.probes.set(token, resolve);
      setTimeout(
        () =>
          reject(
            new Error(
              `no notification arrived on ${this.channel} within ${PROBE_TIMEOUT_MS / 1000} s (a transaction-pooling proxy?)`,
            ),
          ),
        PROBE_TIMEOUT_MS,
      ).unref();
    });
    arrived.catch(() => {});
    const other = new this.pgModule.Client({ connectionString: this.url });
    // Its failures reach the awaits below; an 'error' event with no listener would stop the process
    // (a connection ended by the server while it is open: the database dropped, a restart).
    other.on('error', () => {});
    try {
      await other.connect();
      await other.query('select pg_notify($1, $2)', [this.channel, token]);
    } finally {
      await other.end().catch(() => {});
    }
    await arrived.finally(() => this.probes.delete(token));
  }
}
