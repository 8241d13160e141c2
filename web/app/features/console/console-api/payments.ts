import type { Tables } from '~/lib/database.types.ts';
import type { CheckValue } from '~/lib/database.constants.ts';
import { check, db, type Narrowed } from './client.ts';

// Every amount is computed by the database (supabase/migrations/*_quotes_and_payments.sql): the console
// records what was received and reads the balances back.

export type PaymentKind = CheckValue<'payments', 'kind'>;
export type PaymentMethod = CheckValue<'payments', 'method'>;

export type Payment = Narrowed<Tables<'payments'>, { kind: PaymentKind; method: PaymentMethod }>;

type BalanceView = Tables<'booking_balances'>;
/** A row of the view booking_balances: every column present but the due days and the acceptance time. */
export type BookingBalance = Narrowed<
  BalanceView,
  {
    [K in Exclude<keyof BalanceView, 'deposit_due_on' | 'balance_due_on' | 'accepted_at'>]: NonNullable<BalanceView[K]>;
  }
>;

export async function bookingBalance(bookingId: string): Promise<BookingBalance | null> {
  const r = await (await db()).from('booking_balances').select('*').eq('booking_id', bookingId).maybeSingle();
  return check(r) as BookingBalance | null;
}

export async function listPayments(bookingId: string): Promise<Payment[]> {
  const r = await (
    await db()
  )
    .from('payments')
    .select('*')
    .eq('booking_id', bookingId)
    .order('received_on')
    .order('created_at');
  return check(r) as Payment[];
}

/** Records a payment: the database sends the client a receipt. */
export async function recordPayment(
  p: Pick<Payment, 'booking_id' | 'kind' | 'amount_cents' | 'received_on' | 'method' | 'note' | 'provider_reference'>,
) {
  check(await (await db()).from('payments').insert(p));
}

export async function deletePayment(id: string) {
  check(await (await db()).from('payments').delete().eq('id', id));
}

/** One client in a list of the money overview: a payment received, or an amount falling due. */
export type MoneyClient = {
  booking_id: string;
  name: string;
  booking_date: string;
  amount_cents: number;
  /** What falls due (lists of amounts due); absent for payments received. */
  kind?: 'deposit' | 'balance';
  due_on?: string;
  received_on?: string;
};
type MoneyList = { total_cents: number; clients: MoneyClient[] };
/** public.money_overview(): computed by the database in cents and the business's day. */
export type MoneyOverviewData = {
  currency: string;
  today: string;
  month_start: string;
  outstanding_cents: number;
  received: MoneyList;
  due_soon: MoneyList;
  overdue: MoneyList;
};

export async function moneyOverview(): Promise<MoneyOverviewData> {
  const r = await (await db()).rpc('money_overview');
  return check(r) as unknown as MoneyOverviewData;
}
