import { describe, expect, it } from 'vitest';
import type { Quote } from '../console-api.ts';
import { isSaved, parseDraft, valuesOf, type DraftValues } from './draft-values.ts';

const saved = {
  pricing: 'per_guest',
  price_cents: 12000,
  guests: 8,
  travel_fee_cents: 5000,
  discount_cents: 0,
  deposit_percent: 30,
  deposit_due_on: null,
  balance_due_on: '2026-12-20',
  expires_on: null,
  menu: [{ course: 'Starter', dish: 'Seared scallops' }],
  note: null,
  terms: 'Terms',
} as unknown as Quote;

describe('the draft form', () => {
  it('reads back what it was given as saved', () => {
    const parsed = parseDraft(valuesOf(saved));
    expect(parsed.ok && isSaved(parsed.draft, saved)).toBe(true);
  });

  it('sees an edit as unsaved', () => {
    const parsed = parseDraft({ ...valuesOf(saved), travel: '50.01' });
    expect(parsed.ok && isSaved(parsed.draft, saved)).toBe(false);
  });

  it.each<[keyof DraftValues, string, string]>([
    ['price', '1e3', 'Amounts are written like 150 or 150.50.'],
    ['price', '-5', 'Amounts are written like 150 or 150.50.'],
    ['price', '12.345', 'Amounts are written like 150 or 150.50.'],
    ['travel', '<script>', 'Amounts are written like 150 or 150.50.'],
    ['discount', 'NaN', 'Amounts are written like 150 or 150.50.'],
    ['guests', '0x10', 'Guests: a whole number from 1 to 1000.'],
    ['guests', '1001', 'Guests: a whole number from 1 to 1000.'],
    ['guests', '2.5', 'Guests: a whole number from 1 to 1000.'],
    ['deposit', '-1', 'Deposit: a whole percent from 0 to 100.'],
    ['deposit', '1e2', 'Deposit: a whole percent from 0 to 100.'],
    ['balance_due', "2026-12-01'; --", 'Dates are written as the date picker writes them.'],
    ['terms', ' \n ', 'The terms cannot be empty.'],
  ])('refuses %s = %j', (field, value, error) => {
    expect(parseDraft({ ...valuesOf(saved), [field]: value })).toEqual({ ok: false, error });
  });
});
