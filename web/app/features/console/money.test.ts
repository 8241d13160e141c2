import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BookingBalance } from './console-api.ts';
import { moneyDue } from './console-api.ts';
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

describe('the overview’s money', () => {
  const row = (b: Partial<BookingBalance>): BookingBalance => ({
    booking_id: 'b',
    quote_id: 'q',
    version: 1,
    currency: 'USD',
    total_cents: 100000,
    deposit_cents: 30000,
    balance_cents: 70000,
    deposit_due_on: '2026-11-10',
    balance_due_on: '2026-12-20',
    paid_cents: 0,
    deposit_outstanding_cents: 30000,
    outstanding_cents: 100000,
    deposit_late: false,
    balance_late: false,
    accepted_at: '2026-11-01T12:00:00+00:00',
    ...b,
  });

  it('counts a late deposit as overdue and a balance due this month as expected', () => {
    const due = moneyDue(
      [
        row({ deposit_late: true }),
        row({ deposit_due_on: '2026-11-28', balance_due_on: '2026-11-30' }),
        row({ paid_cents: 30000, deposit_outstanding_cents: 0, outstanding_cents: 70000, balance_due_on: '2026-11-02', balance_late: true }),
      ],
      '2026-11-24',
    );
    expect(due).toEqual({ thisMonth: 100000, overdue: 30000 + 70000, overdueCount: 2, currency: 'USD' });
  });
});
