import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromCents, toCents } from './money.ts';

describe('amounts the chef types', () => {
  it.each([
    ['150', 15000],
    ['150.5', 15050],
    ['0.29', 29],
    ['$1,250.00', 125000],
    [' 30.00 ', 3000],
  ])('%j is %i cents', (text, cents) => {
    expect(toCents(text)).toBe(cents);
  });

  it.each(['', 'abc', '-5', '1.234', '1e3', '12.'])('%j is not an amount', (text) => {
    expect(toCents(text)).toBeNull();
  });

  it('turns any cents into text and back unchanged', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), (cents) => toCents(fromCents(cents)) === cents));
  });
});
