import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import bcrypt from 'bcrypt';

/**
 * Password hashing off the event loop. bcrypt at GoTrue's cost takes tens of milliseconds of CPU;
 * run on the event loop (bcryptjs) every other request waits for it. The native binding runs it in
 * libuv's thread pool, and at most PASSWORD_HASH_THREADS hashes run at once (default: one core
 * fewer than the machine has, at least one), so the event loop keeps a core for every other
 * request and the pool keeps threads for file reads. A burst of sign-ins then queues instead of
 * slowing the site. Hashes are standard bcrypt (`$2b$`, and `$2a$`/`$2y$` verify), as GoTrue's, so users
 * move between this server and hosted Supabase unchanged.
 */

/** GoTrue's bcrypt cost. */
export const BCRYPT_COST = 10;

export interface Passwords {
  hash(password: string): Promise<string>;
  verify(password: string, hash: string): Promise<boolean>;
  /** The hash to compare against when an e-mail is unknown, so both failures take the same time. */
  dummyHash(): Promise<string>;
}

export function createPasswords(threads = availableParallelism() - 1): Passwords {
  const limit = Math.max(1, threads);
  let running = 0;
  const waiting: (() => void)[] = [];
  const run = async <T,>(fn: () => Promise<T>): Promise<T> => {
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
  let dummy: Promise<string> | undefined;
  const passwords: Passwords = {
    hash: (password) => run(() => bcrypt.hash(password, BCRYPT_COST)),
    verify: (password, hash) =>
      run(async () => {
        try {
          return await bcrypt.compare(password, hash);
        } catch {
          return false; // not a bcrypt hash: no password matches it
        }
      }),
    dummyHash: () => (dummy ??= passwords.hash(randomBytes(16).toString('hex'))),
  };
  return passwords;
}
