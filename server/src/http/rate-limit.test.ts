import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from './rate-limit.ts';

describe('memory rate limiter', () => {
  it('allows `limit` hits per window and key, then refuses until the window ends', () => {
    let now = 1_000_000;
    const limiter = createMemoryRateLimiter(() => now);
    const hit = (key = 'a') => limiter.hit('insert', key, 3, 60);
    expect([hit(), hit(), hit(), hit()]).toEqual([true, true, true, false]);
    expect(hit('b')).toBe(true);
    expect(limiter.hit('other-bucket', 'a', 3, 60)).toBe(true);
    now += 59_999;
    expect(hit()).toBe(false);
    now += 1;
    expect(hit()).toBe(true);
  });

  it('counts rows: a hit may cost more than one, and one that would pass the limit is refused whole', () => {
    const limiter = createMemoryRateLimiter(() => 0);
    expect(limiter.hit('insert', 'a', 5, 60, 3)).toBe(true);
    expect(limiter.hit('insert', 'a', 5, 60, 3)).toBe(false);
    expect(limiter.hit('insert', 'a', 5, 60, 2)).toBe(true);
    expect(limiter.hit('insert', 'a', 5, 60)).toBe(false);
  });
});
