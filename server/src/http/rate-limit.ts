import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/** Counts hits (requests, or rows where a request carries several) per (bucket, key) in fixed windows. */
export interface RateLimiter {
  /**
   * Records `cost` hits (default 1); true when the window's total stays within `limit` per
   * `windowSeconds` (allowed). A refused hit is not counted.
   */
  hit(bucket: string, key: string, limit: number, windowSeconds: number, cost?: number): boolean;
}

interface Window {
  start: number;
  count: number;
  windowMs: number;
}

/**
 * An in-memory fixed-window limiter: enough for one process. Stale windows are swept now and then
 * so memory stays bounded by the number of addresses seen in one window.
 */
export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, Window>();
  let lastSweep = now();
  const sweep = (t: number) => {
    if (t - lastSweep < 60_000) return;
    lastSweep = t;
    for (const [k, w] of windows) if (t - w.start >= w.windowMs) windows.delete(k);
  };
  return {
    hit(bucket, key, limit, windowSeconds, cost = 1) {
      const t = now();
      sweep(t);
      const id = `${bucket}\u0000${key}`;
      const windowMs = windowSeconds * 1000;
      let w = windows.get(id);
      if (!w || t - w.start >= windowMs) {
        w = { start: t, count: 0, windowMs };
        windows.set(id, w);
      }
      if (w.count + cost > limit) return false;
      w.count += cost;
      return true;
    },
  };
}

/**
 * The client's address, worked out once per request by createApp (server/src/http/app.ts) with the
 * configured TRUST_PROXY and kept in the request's context; every rate limit and session reads it
 * from there through `clientAddress`. `X-Forwarded-For` is honoured only when the server sits
 * behind a proxy it trusts (`TRUST_PROXY=true`); then the right-most entry, the one our proxy
 * appended, is used, so a client cannot pick its own address by sending the header itself.
 */
export function resolveClientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const xff = c.req.header('x-forwarded-for');
    if (xff) {
      const parts = xff
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const last = parts[parts.length - 1];
      if (last) return normalise(last);
    }
  }
  try {
    return normalise(getConnInfo(c).remote.address ?? 'unknown');
  } catch {
    return 'unknown';
  }
}

/** The address `resolveClientAddress` gave this request. */
export function clientAddress(c: Context): string {
  const known = c.get('clientAddress') as string | undefined;
  if (known === undefined) throw new Error('clientAddress: the request did not pass through createApp');
  return known;
}

/** `::ffff:1.2.3.4` and `1.2.3.4` are the same client. */
function normalise(address: string): string {
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}
