import { describe, expect, test } from 'vitest';
import { groupDigits } from './group-digits.ts';

describe('groupDigits', () => {
  test.each([
    0,
    7,
    80,
    999,
    1000,
    5000,
    10_000,
    20_000,
    123_456,
    1_000_000,
    10_485_760,
    -1234,
    Number.MAX_SAFE_INTEGER,
  ])('writes %d as toLocaleString("en-US") does', (n) => {
    expect(groupDigits(n)).toBe(n.toLocaleString('en-US'));
  });

  test('the limits the forms print', () => {
    expect(groupDigits(5000)).toBe('5,000');
    expect(groupDigits(10 * 1024 * 1024)).toBe('10,485,760');
  });

  test('refuses what is not a whole number instead of writing it wrongly', () => {
    expect(() => groupDigits(1.5)).toThrow(RangeError);
    expect(() => groupDigits(Number.NaN)).toThrow(RangeError);
  });
});
