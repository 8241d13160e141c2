import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import bcrypt from 'bcrypt';
import { LRUCache } from 'lru-cache';

/**
 * Password hashing off the event loop. bcrypt at GoTrue's cost takes tens of milliseconds of CPU;
 * run on the event loop (bcryptjs) every other request waits for it. The native binding runs it in
 * libuv's thread pool, and at most PASSWORD_HASH_THREADS hashes run at once (default: one core
 * fewer than the machine has, at least one), so the event loop keeps a core for every other
 * request and the pool keeps threads for file reads. A burst of sign-ins then queues instead of
 * slowing the site. Hashes are standard bcrypt (`$2b$`, and `$2a$`/`$2y$` verify), as GoTrue's, so users
 * move between this server and hosted Supabase unchanged.
 *
 * A password that bcrypt just accepted is remembered for PASSWORD_CACHE_SECONDS as an HMAC under a
 * key made at start and kept only in memory, keyed by the stored hash: the same password against the
 * same hash is then accepted without bcrypt. Anything else (a wrong password, a changed hash, an
 * unknown e-mail's dummy hash) pays the full bcrypt check, so guessing is as slow as without the cache
 * (docs/decisions/0015-remembered-passwords.md).
 */

/** GoTrue's bcrypt cost. */
export const BCRYPT_COST = 10;

export interface Passwords {
  hash(password: string): Promise<string>;
  verify(password: string, hash: string): Promise<boolean>;
  /** The hash to compare against when an e-mail is unknown, so both failures take the same time. */
  dummyHash(): Promise<string>;
  /** bcrypt checks run so far (verify calls answered from memory are not counted). */
  readonly bcryptChecks: number;
}

export interface PasswordOptions {
  /** bcrypt checks at once (default: one fewer than the cores, at least one). */
  threads?: number;
  /** How long an accepted password is remembered; 0 turns it off. Default 300. */
  rememberSeconds?: number;
  /** At most this many remembered passwords (least recently used go first). Default 10,000. */
  rememberEntries?: number;
}

export function createPasswords({
  threads = availableParallelism() - 1,
  rememberSeconds = 300,
  rememberEntries = 10_000,
}: PasswordOptions = {}): Passwords {
  const limit = Math.max(1, threads);
  let running = 0;
  const waiting: (() => void)[] = [];
  const run = async <T>(fn: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await fn();
    } finally {
      // Hand the slot straight to the next waiter, or free it.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
  const key = randomBytes(32);
  const mac = (password: string, hash: string) =>
    createHmac('sha256', key).update(hash).update('\0').update(password).digest();
  const remembered =
    rememberSeconds > 0
      ? new LRUCache<string, Buffer>({ max: rememberEntries, ttl: rememberSeconds * 1000 })
      : undefined;
  let bcryptChecks = 0;
  let dummy: Promise<string> | undefined;
  const passwords: Passwords = {
    hash: (password) => run(() => bcrypt.hash(password, BCRYPT_COST)),
    async verify(password, hash) {
      const kept = remembered?.get(hash);
      if (kept && timingSafeEqual(kept, mac(password, hash))) return true;
      const ok = await run(async () => {
        bcryptChecks++;
        try {
          return await bcrypt.compare(password, hash);
        } catch {
          return false; // not a bcrypt hash: no password matches it
        }
      });
      if (ok) remembered?.set(hash, mac(password, hash));
      return ok;
    },
    dummyHash: () => (dummy ??= passwords.hash(randomBytes(16).toString('hex'))),
    get bcryptChecks() {
      return bcryptChecks;
    },
  };
  return passwords;
}
