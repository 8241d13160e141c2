import type { Context } from 'hono';
import type { AppEnv } from '../http/context.ts';
import type { Db, Listener } from '../db/index.ts';

/**
 * Answers to anonymous reads kept in memory until the database says a table changed
 * (docs/decisions/0012-response-cache.md). Every write to a public table notifies `table_change`
 * when it commits; a notification bumps the generation and drops every kept answer. An answer is
 * kept only if no notification arrived while it was computed, and served only after `sync()` has
 * delivered every notification committed before the request arrived.
 */
export interface CachedAnswer {
  status: 200 | 206;
  body: string;
  single: boolean;
  range: string;
}

interface Entry extends CachedAnswer {
  generation: number;
}

export const CHANGE_CHANNEL = 'table_change';
/** Bounds, so that a crowd of distinct URLs costs a few megabytes at most. */
const MAX_ENTRIES = 2_000;
const MAX_ENTRY_BYTES = 256 * 1024;
const MAX_TOTAL_BYTES = 32 * 1024 * 1024;

export class ResponseCache {
  private entries = new Map<string, Entry>();
  private bytes = 0;
  private gen = 0;
  private listener: Listener | undefined;
  private readonly ready: Promise<void>;

  constructor(db: Db, onChange: () => void = () => {}) {
    const drop = () => {
      this.gen++;
      this.entries.clear();
      this.bytes = 0;
      onChange();
    };
    this.ready = db.listen(CHANGE_CHANNEL, { onNotify: drop, onLost: drop }).then(
      (l) => {
        this.listener = l;
      },
      // Without notifications nothing is ever kept: every request reads the database.
      (err: unknown) => console.error('response cache off: cannot listen for table changes', err),
    );
  }

  /** Resolves once listening started (or failed: then the cache stays off). */
  whenReady(): Promise<void> {
    return this.ready;
  }

  /** The generation to pass to `store` (read it before the query starts). */
  get generation(): number {
    return this.gen;
  }

  /** The kept answer for `key` if nothing committed since it was computed, else undefined. */
  async lookup(key: string): Promise<CachedAnswer | undefined> {
    const listener = this.listener;
    if (!listener?.live) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    try {
      await listener.sync();
    } catch {
      return undefined;
    }
    return listener.live && entry.generation === this.gen ? entry : undefined;
  }

  /** Keeps `answer` unless a change was notified since `generation` was read. */
  store(key: string, generation: number, answer: CachedAnswer): void {
    if (generation !== this.gen || !this.listener?.live) return;
    const size = key.length + answer.body.length;
    if (answer.body.length > MAX_ENTRY_BYTES) return;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= key.length + old.body.length;
    }
    while (this.entries.size >= MAX_ENTRIES || (this.bytes + size > MAX_TOTAL_BYTES && this.entries.size > 0)) {
      const [oldestKey, oldest] = this.entries.entries().next().value as [string, Entry];
      this.entries.delete(oldestKey);
      this.bytes -= oldestKey.length + oldest.body.length;
    }
    this.entries.set(key, { ...answer, generation });
    this.bytes += size;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The request headers a read's answer depends on (besides the path and query). */
const VARY = ['accept', 'range', 'range-unit', 'prefer', 'accept-profile'] as const;

/**
 * The cache key of a read, or undefined when its answer must not be shared: only requests made
 * with an anon key and no other token are kept, and the key includes that key (the claims are a
 * function of it), the path with its query, and every header the answer depends on.
 */
export function cacheKey(c: Context<AppEnv>): string | undefined {
  if (c.get('claims').role !== 'anon' || c.get('apikeyRole') !== 'anon') return undefined;
  const apikey = c.req.header('apikey') ?? c.req.query('apikey') ?? '';
  const authorization = c.req.header('authorization');
  if (authorization !== undefined && authorization !== `Bearer ${apikey}`) return undefined;
  const url = c.req.url;
  const pathStart = url.indexOf('/', url.indexOf('//') + 2);
  let key = `${apikey}\u0000${url.slice(pathStart)}`;
  for (const h of VARY) key += `\u0000${c.req.header(h) ?? '\u0001'}`;
  return key;
}
