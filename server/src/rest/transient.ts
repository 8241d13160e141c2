/**
 * A serialization failure (40001) or a deadlock (40P01) says nothing about the request: the same
 * transaction run again normally succeeds. PostgREST retries such a transaction too. The calendar
 * takes its locks in one order on every path (supabase/migrations/20261128100100_calendar_lock_order.sql),
 * so a deadlock needs several bookings locked in one statement; what still fails after the retries
 * is answered 409 (server/src/rest/pg-errors.ts), never 500.
 */
export const TRANSIENT_CODES = new Set(['40001', '40P01']);
const ATTEMPTS = 3;

export function isTransient(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && TRANSIENT_CODES.has(code);
}

/** Runs `fn` (one whole transaction) again after a transient failure, at most ATTEMPTS times in all. */
export async function withRetries<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (attempt >= ATTEMPTS || !isTransient(err)) throw err;
      // A few milliseconds apart, so the transactions that collided do not meet again at once.
      await new Promise((r) => setTimeout(r, attempt * (5 + Math.random() * 20)));
    }
  }
}
