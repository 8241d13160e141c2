import { describe, expect, it } from 'vitest';
import { datesOnSend, quoteTotals, type TotalsInput } from './quote-totals.ts';

/** The browser's copy of private.quote_compute; server/test/quote-editor.test.ts holds it to the SQL itself. */
const base: TotalsInput = {
  pricing: 'per_guest',
  price_cents: 12975,
  guests: 8,
  travel_fee_cents: 0,
  discount_cents: 0,
  tax_rate_bp: 0,
  deposit_percent: 30,
  lines: [],
};

describe('quoteTotals', () => {
  it('gives the figures of the issue: 8 × $129.75 = $1,038.00, deposit $311.40, balance $726.60', () => {
    expect(quoteTotals(base)).toMatchObject({ total_cents: 103800, deposit_cents: 31140, balance_cents: 72660 });
  });

  it('rounds tax and deposit half up to the cent, never through a float', () => {
    // 1 cent × 50 % tax = 0.5 cent → 1; 3 cents × 16.66 % = 0.4998 → 0.
    expect(quoteTotals({ ...base, pricing: 'fixed', price_cents: 1, tax_rate_bp: 5000 }).tax_cents).toBe(1);
    expect(quoteTotals({ ...base, pricing: 'fixed', price_cents: 3, tax_rate_bp: 1666 }).tax_cents).toBe(0);
    // 0.29 as a float is 0.28999…: a total of 29 cents at 50 % is 14.5 → 15.
    expect(quoteTotals({ ...base, pricing: 'fixed', price_cents: 29, deposit_percent: 50 }).deposit_cents).toBe(15);
  });

  it('caps the discount at the subtotal and counts every line', () => {
    const t = quoteTotals({
      ...base,
      discount_cents: 99_999_999,
      lines: [
        { unit_cents: 3000, quantity: 8 },
        { unit_cents: 1, quantity: 0 },
      ],
    });
    expect(t).toMatchObject({ lines_cents: 24000, discount_applied_cents: t.subtotal_cents, total_cents: 0 });
  });

  it('stays exact at the largest amounts the checks allow', () => {
    const t = quoteTotals({
      ...base,
      price_cents: 100_000_000,
      guests: 1000,
      tax_rate_bp: 5000,
      lines: [{ unit_cents: 10_000_000, quantity: 1000 }],
    });
    // (1e11 + 1e10) × 5000 = 5.5e14 before the division; many such lines would pass 2^53, BigInt does not care.
    expect(t.tax_cents).toBe(55_000_000_000);
    expect(t.total_cents).toBe(165_000_000_000);
  });
});

describe('datesOnSend', () => {
  const settings = { deposit_due_days: 7, quote_valid_days: 14 };
  it('takes the chef’s own dates first', () => {
    expect(
      datesOnSend(
        { deposit_due_on: '2026-12-01', balance_due_on: null, expires_on: '2026-12-05' },
        settings,
        '2026-11-28',
      ),
    ).toEqual({ deposit_due_on: '2026-12-01', expires_on: '2026-12-05' });
  });
  it('never puts the deposit after the balance, nor before today', () => {
    const today = '2026-11-28';
    expect(
      datesOnSend({ deposit_due_on: null, balance_due_on: '2026-12-30', expires_on: null }, settings, today),
    ).toEqual({ deposit_due_on: '2026-12-05', expires_on: '2026-12-12' });
    expect(
      datesOnSend({ deposit_due_on: null, balance_due_on: '2026-11-30', expires_on: null }, settings, today)
        .deposit_due_on,
    ).toBe('2026-11-30');
    expect(
      datesOnSend({ deposit_due_on: null, balance_due_on: '2026-11-01', expires_on: null }, settings, today)
        .deposit_due_on,
    ).toBe(today);
  });
});
