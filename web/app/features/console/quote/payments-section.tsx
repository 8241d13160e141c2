import { useId, useState, type FormEvent } from 'react';
import { formatMoney, paymentKinds, paymentMethods, recordedPaymentKinds } from '@content/quotes.ts';
import { Constants } from '~/lib/database.constants.ts';
import {
  bookingBalance,
  deletePayment,
  listPayments,
  recordPayment,
  type Booking,
  type BookingBalance,
  type Payment,
  type PaymentKind,
  type PaymentMethod,
} from '../console-api.ts';
import { primarySmallButton } from '../data-table.tsx';
import { formatDate, today } from '../format.ts';
import { fromCents, toCents } from '../money.ts';
import { useLoad } from '../use-load.ts';
import { Feedback, type Notice, type Say } from './feedback.tsx';
import { box, errorText, input, label } from './parts.ts';
import { RemovePaymentDialog } from './remove-payment.tsx';

/**
 * What is due next, as the card payment's amount is chosen (private.card_payment_due): the
 * deposit's open part while there is one, then all that is outstanding. The database's figures.
 */
export function nextDue(b: BookingBalance): { kind: 'deposit' | 'balance'; cents: number } {
  return b.deposit_outstanding_cents > 0
    ? { kind: 'deposit', cents: b.deposit_outstanding_cents }
    : { kind: 'balance', cents: b.outstanding_cents };
}

/** An accepted quote's payments: what is paid, outstanding and late; record one; remove one (asked first). */
export function PaymentsSection({
  booking,
  notice,
  say,
  onChanged,
}: {
  booking: Booking;
  notice: Notice | null;
  say: Say;
  onChanged: () => void;
}) {
  const id = useId();
  const [tick, setTick] = useState(0);
  const balance = useLoad(() => bookingBalance(booking.id), `${booking.id}:balance:${tick}`);
  const payments = useLoad(() => listPayments(booking.id), `${booking.id}:payments:${tick}`);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<Payment | null>(null);
  const b = balance.data;
  const currency = b?.currency ?? 'USD';
  const money = (c: number) => formatMoney(c, currency);
  const due = b ? nextDue(b) : null;
  const changed = () => {
    setTick((t) => t + 1);
    onChanged();
  };

  async function record(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    const amount = toCents(String(f.get('amount') ?? ''));
    if (amount === null || amount < 1) return say('payments', 'Amount: write it like 240 or 240.50.', true);
    const received = String(f.get('received_on') ?? '');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(received)) return say('payments', 'Choose the day it was received.', true);
    const kind = String(f.get('kind'));
    const method = String(f.get('method'));
    if (!(kind in recordedPaymentKinds) || !(method in paymentMethods))
      return say('payments', 'Choose the kind and the method.', true);
    setBusy(true);
    try {
      await recordPayment({
        booking_id: booking.id,
        kind: kind as PaymentKind,
        amount_cents: amount,
        received_on: received,
        method: method as PaymentMethod,
        note: String(f.get('note') ?? '').trim() || null,
        provider_reference: null,
      });
      form.reset();
      say('payments', 'Payment recorded; the client gets a receipt.');
      changed();
    } catch (err) {
      say('payments', `The payment was not recorded: ${errorText(err)}`, true);
    } finally {
      setBusy(false);
    }
  }

  async function remove(p: Payment) {
    setBusy(true);
    try {
      await deletePayment(p.id);
      setRemoving(null);
      say('payments', 'Payment removed. No message was sent to the client.');
      changed();
    } catch (err) {
      setRemoving(null);
      say('payments', `The payment was not removed: ${errorText(err)}`, true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-payments`} className={box}>
      <h4 id={`${id}-payments`} className="font-semibold text-cream">
        Payments
      </h4>
      {b && (
        <dl aria-label="Balance" className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
          <dt>Total</dt>
          <dd className="text-right tabular-nums">{money(b.total_cents)}</dd>
          <dt>Paid</dt>
          <dd className="text-right tabular-nums">{money(b.paid_cents)}</dd>
          <dt className="font-semibold">Outstanding</dt>
          <dd className="text-right font-semibold tabular-nums">{money(b.outstanding_cents)}</dd>
        </dl>
      )}
      {b?.deposit_late && (
        <p className="mt-2 text-sm font-semibold text-red-300">
          Deposit late: {money(b.deposit_outstanding_cents)} was due{' '}
          {b.deposit_due_on ? formatDate(b.deposit_due_on) : ''}.
        </p>
      )}
      {b?.balance_late && (
        <p className="mt-2 text-sm font-semibold text-red-300">
          Balance late: due {b.balance_due_on ? formatDate(b.balance_due_on) : ''}.
        </p>
      )}
      <ul aria-label="Recorded payments" className="mt-2 grid gap-1 text-sm">
        {(payments.data ?? []).map((p) => (
          <li key={p.id} className="flex items-center justify-between gap-2 rounded-lg bg-ink/50 px-3 py-1.5">
            <span className="min-w-0 break-words">
              {formatDate(p.received_on)}: {money(p.amount_cents)} {paymentKinds[p.kind].toLowerCase()} by{' '}
              {paymentMethods[p.method]}
              {p.note ? ` (${p.note})` : ''}
            </span>
            <button
              type="button"
              className="min-h-11 shrink-0 p-2 text-xs text-red-200 underline"
              onClick={() => setRemoving(p)}
            >
              Remove<span className="sr-only"> this payment</span>
            </button>
          </li>
        ))}
      </ul>
      {removing && (
        <RemovePaymentDialog
          payment={removing}
          currency={currency}
          busy={busy}
          onConfirm={() => void remove(removing)}
          onCancel={() => setRemoving(null)}
        />
      )}
      {/* Made afresh when the balance (re)loads: the kind and the amount follow what is still due. */}
      <form
        key={b ? `paid-${b.paid_cents}` : 'loading'}
        onSubmit={(e) => void record(e)}
        className="mt-3 grid gap-3 sm:grid-cols-2"
        noValidate
        aria-label="Record a payment"
      >
        <label className={label}>
          Kind
          <select name="kind" defaultValue={due?.kind ?? 'deposit'} className={input}>
            {Object.entries(recordedPaymentKinds).map(([k, v]) => (
              <option key={k} value={k}>
                {v}
              </option>
            ))}
          </select>
        </label>
        <label className={label}>
          Amount
          <input
            name="amount"
            inputMode="decimal"
            defaultValue={due && due.cents > 0 ? fromCents(due.cents) : ''}
            className={input}
          />
        </label>
        <label className={label}>
          Received on
          <input name="received_on" type="date" defaultValue={today()} className={input} />
        </label>
        <label className={label}>
          Method
          <select name="method" defaultValue="cash_app" className={input}>
            {Object.entries(paymentMethods).map(([k, v]) => (
              <option key={k} value={k}>
                {v}
              </option>
            ))}
          </select>
        </label>
        <label className={`${label} sm:col-span-2`}>
          Note
          <input name="note" maxLength={Constants.public.MaxLength.payments.note} className={input} />
        </label>
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <button type="submit" className={primarySmallButton} disabled={busy || !b}>
            Record payment
          </button>
          <Feedback at="payments" notice={notice} />
        </div>
      </form>
    </section>
  );
}
