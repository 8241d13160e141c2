import type { Tables } from '~/lib/database.types.ts';
import { check, db, type Narrowed } from './client.ts';

// Every amount is computed by the database (supabase/migrations/*_quotes_and_payments.sql): the console
// records what was received and reads the balances back.

export type PaymentKind = 'deposit' | 'balance' | 'other';
export type PaymentMethod = 'cash_app' | 'card' | 'cash' | 'bank_transfer' | 'other';

export type Payment = Narrowed<Tables<'payments'>, { kind: PaymentKind; method: PaymentMethod }>;

type BalanceView = Tables<'booking_balances'>;
/** A row of the view booking_balances: every column present but the due days and the acceptance time. */
export type BookingBalance = Narrowed<
  BalanceView,
  { [K in Exclude<keyof BalanceView, 'deposit_due_on' | 'balance_due_on' | 'accepted_at'>]: NonNullable<BalanceView[K]> }
>;

export async function bookingBalance(bookingId: string): Promise<BookingBalance | null> {
  const r = await (await db()).from('booking_balances').select('*').eq('booking_id', bookingId).maybeSingle();
  return check(r) as BookingBalance | null;
}

export async function listPayments(bookingId: string): Promise<Payment[]> {
  const r = await (await db()).from('payments').select('*').eq('booking_id', bookingId).order('received_on').order('created_at');
  return check(r) as Payment[];
}

/** Records a payment: the database sends the client a receipt. */
export async function recordPayment(p: Pick<Payment, 'booking_id' | 'kind' | 'amount_cents' | 'received_on' | 'method' | 'note' | 'provider_reference'>) {
  check(await (await db()).from('payments').insert(p));
}

export async function deletePayment(id: string) {
  check(await (await db()).from('payments').delete().eq('id', id));
}

/** The balances still open (one row per accepted quote), for the overview's money card. */
export async function allBalances(): Promise<BookingBalance[]> {
  const r = await (await db()).from('booking_balances').select('*').gt('outstanding_cents', 0).limit(1000);
  return check(r) as BookingBalance[];
}

/**
 * What the overview says about money: outstanding amounts due this calendar month (by the dates of
 * the accepted quotes) and everything already overdue (the database's lateness, by the business's
 * day), from the database's balances.
 */
export function moneyDue(balances: BookingBalance[], today: string) {
  const month = today.slice(0, 7);
  let thisMonth = 0;
  let overdue = 0;
  let overdueCount = 0;
  for (const b of balances) {
    const depositOpen = Number(b.deposit_outstanding_cents);
    const balanceOpen = Number(b.outstanding_cents) - depositOpen;
    const parts: [number, string | null, boolean][] = [
      [depositOpen, b.deposit_due_on, b.deposit_late],
      [balanceOpen, b.balance_due_on, b.balance_late],
    ];
    let late = false;
    for (const [amount, due, isLate] of parts) {
      if (amount <= 0) continue;
      if (isLate) {
        overdue += amount;
        late = true;
      } else if (due?.slice(0, 7) === month) thisMonth += amount;
    }
    if (late) overdueCount++;
  }
  return { thisMonth, overdue, overdueCount, currency: balances[0]?.currency ?? null };
}
