import type { Quote, QuoteDraft } from '../console-api.ts';
import { fromCents, toCents } from '../money.ts';
import { menuToText, textToMenu } from './parts.ts';

/**
 * The draft form as the chef types it (text in every field), read into what the database takes.
 * The editor keeps these values in state, so the totals follow each keystroke and "Send" knows
 * whether anything typed is not saved yet.
 */
export interface DraftValues {
  pricing: Quote['pricing'];
  price: string;
  guests: string;
  travel: string;
  discount: string;
  deposit: string;
  deposit_due: string;
  balance_due: string;
  expires: string;
  menu: string;
  note: string;
  terms: string;
}

export function valuesOf(q: Quote): DraftValues {
  return {
    pricing: q.pricing,
    price: fromCents(q.price_cents),
    guests: String(q.guests),
    travel: fromCents(q.travel_fee_cents),
    discount: fromCents(q.discount_cents),
    deposit: String(q.deposit_percent),
    deposit_due: q.deposit_due_on ?? '',
    balance_due: q.balance_due_on ?? '',
    expires: q.expires_on ?? '',
    menu: menuToText(q.menu),
    note: q.note ?? '',
    terms: q.terms,
  };
}

/** A whole number written with digits only ("1e3", "0x10" and " 8" are not what the chef meant). */
function whole(text: string, lowest: number, highest: number): number | null {
  if (!/^\d{1,7}$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n >= lowest && n <= highest ? n : null;
}

const isDay = (text: string) => text === '' || /^\d{4}-\d{2}-\d{2}$/.test(text);

export type Parsed = { ok: true; draft: Required<QuoteDraft> } | { ok: false; error: string };

/** The values as the database takes them, or the first thing to correct (the database checks again). */
export function parseDraft(v: DraftValues): Parsed {
  const price = toCents(v.price);
  const travel = toCents(v.travel.trim() || '0');
  const discount = toCents(v.discount.trim() || '0');
  if (price === null || travel === null || discount === null)
    return { ok: false, error: 'Amounts are written like 150 or 150.50.' };
  const guests = whole(v.guests, 1, 1000);
  if (guests === null) return { ok: false, error: 'Guests: a whole number from 1 to 1000.' };
  const deposit = whole(v.deposit, 0, 100);
  if (deposit === null) return { ok: false, error: 'Deposit: a whole percent from 0 to 100.' };
  if (![v.deposit_due, v.balance_due, v.expires].every(isDay))
    return { ok: false, error: 'Dates are written as the date picker writes them.' };
  if (!/\S/.test(v.terms)) return { ok: false, error: 'The terms cannot be empty.' };
  return {
    ok: true,
    draft: {
      pricing: v.pricing,
      price_cents: price,
      guests,
      travel_fee_cents: travel,
      discount_cents: discount,
      deposit_percent: deposit,
      deposit_due_on: v.deposit_due || null,
      balance_due_on: v.balance_due || null,
      expires_on: v.expires || null,
      menu: textToMenu(v.menu),
      note: v.note.trim() || null,
      terms: v.terms,
    },
  };
}

/** Whether the saved quote already holds this draft: nothing typed would be lost. */
export function isSaved(d: Required<QuoteDraft>, q: Quote): boolean {
  return (
    d.pricing === q.pricing &&
    d.price_cents === q.price_cents &&
    d.guests === q.guests &&
    d.travel_fee_cents === q.travel_fee_cents &&
    d.discount_cents === q.discount_cents &&
    d.deposit_percent === q.deposit_percent &&
    d.deposit_due_on === q.deposit_due_on &&
    d.balance_due_on === q.balance_due_on &&
    d.expires_on === q.expires_on &&
    menuToText(d.menu) === menuToText(q.menu) &&
    d.note === q.note &&
    d.terms === q.terms
  );
}
