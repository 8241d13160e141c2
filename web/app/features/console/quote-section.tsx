import { useId, useState, type FormEvent } from 'react';
import { formatMoney, paymentKinds, paymentMethods, recordedPaymentKinds } from '@content/quotes.ts';
import { recipes } from '@content/recipes.ts';
import { cn } from '~/lib/cn.ts';
import { Constants } from '~/lib/database.constants.ts';
import { useQuoteAddOns } from './quote-add-ons.ts';
import {
  addQuoteLine,
  bookingBalance,
  createQuote,
  deletePayment,
  deleteQuote,
  deleteQuoteLine,
  listPayments,
  listQuotes,
  quoteLines,
  recordPayment,
  reviseQuote,
  saveQuote,
  sendQuote,
  withdrawQuote,
  type Booking,
  type LineUnit,
  type MenuCourse,
  type PaymentKind,
  type PaymentMethod,
  type Quote,
} from './console-api.ts';
import { dangerSmallButton, primarySmallButton, smallButton } from './data-table.tsx';
import { formatDate, formatDateTime, today } from './format.ts';
import { fromCents, toCents } from './money.ts';
import { useLoad } from './use-load.ts';

/**
 * A booking's quote and payments in its console dialog (docs/decisions/0022-quotes-and-payments.md):
 * write a draft (menu, price, lines from the price list, fees, dates, terms), send it, make a new
 * version, withdraw it; see the client's acceptance and allergies; record payments and see what is
 * paid, outstanding and late. Every amount shown is the database's.
 */
type Notice = (text: string, error?: boolean) => void;

const input =
  'mt-1 block w-full rounded-lg border border-cream/20 bg-ink/60 px-3 py-2 text-sm text-cream focus:border-gold focus:outline-none focus-visible:outline-2 focus-visible:outline-gold';
const label = 'block text-sm font-semibold text-cream';
const box = 'mt-4 rounded-xl border border-cream/10 p-4';
const UNIT_LABEL: Record<LineUnit, string> = {
  per_person: 'per person',
  per_hour: 'per hour',
  fixed: 'fixed',
};
const STATUS_LABEL: Record<Quote['status'], string> = {
  draft: 'Draft',
  sent: 'Sent',
  accepted: 'Accepted',
  replaced: 'Replaced',
  withdrawn: 'Withdrawn',
};
const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** "Starter: Seared scallops" per line ⇄ [{course, dish}]. */
function menuToText(menu: MenuCourse[]) {
  return menu.map((c) => (c.course ? `${c.course}: ${c.dish}` : c.dish)).join('\n');
}
function textToMenu(text: string): MenuCourse[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const at = l.indexOf(':');
      return at > 0 && at < 40
        ? { course: l.slice(0, at).trim(), dish: l.slice(at + 1).trim() }
        : { course: '', dish: l };
    });
}

export function QuoteSection({
  booking,
  onNotice,
  onBookingChanged,
}: {
  booking: Booking;
  onNotice: Notice;
  onBookingChanged: () => void;
}) {
  const id = useId();
  const [tick, setTick] = useState(0);
  const quotes = useLoad(() => listQuotes(booking.id), `${booking.id}:quotes:${tick}`);
  const latest = quotes.data?.[0];
  const lines = useLoad(
    () => (latest ? quoteLines(latest.id) : Promise.resolve([])),
    `${latest?.id ?? 'none'}:${latest?.updated_at ?? ''}:${tick}`,
  );
  const [busy, setBusy] = useState(false);
  const reload = () => setTick((t) => t + 1);

  async function act(what: () => Promise<unknown>, done: string, bookingChanges = false) {
    setBusy(true);
    try {
      await what();
      onNotice(done);
      reload();
      if (bookingChanges) onBookingChanged();
    } catch (err) {
      onNotice(`${done.replace(/\.$/, '')} failed: ${message(err)}`, true);
    } finally {
      setBusy(false);
    }
  }

  const open = ['new', 'contacted', 'quoted'].includes(booking.status);

  return (
    <section aria-labelledby={`${id}-quote`} className="mt-6">
      <h3 id={`${id}-quote`} className="text-base font-semibold text-cream">
        Quote
      </h3>
      {quotes.error && <p className="mt-2 text-sm text-red-300">Could not load the quote: {quotes.error}</p>}
      {quotes.data && !latest && (
        <div className="mt-2">
          <p className="text-sm text-muted">No quote yet.</p>
          {open && (
            <button
              type="button"
              className={`${primarySmallButton} mt-2`}
              disabled={busy}
              onClick={() => void act(() => createQuote(booking.id), 'Draft quote created.')}
            >
              Write a quote
            </button>
          )}
        </div>
      )}
      {latest && latest.status === 'draft' && (
        <DraftEditor key={latest.id} quote={latest} lines={lines.data ?? []} busy={busy} act={act} />
      )}
      {latest && latest.status !== 'draft' && <QuoteSummary quote={latest} lines={lines.data ?? []} />}
      {latest && latest.status === 'sent' && (
        <div className="mt-3 flex flex-wrap gap-2">
          <button
            type="button"
            className={smallButton}
            disabled={busy}
            onClick={() => void act(() => reviseQuote(latest.id), 'New version created as a draft.')}
          >
            Make a new version
          </button>
          <button
            type="button"
            className={dangerSmallButton}
            disabled={busy}
            onClick={() => void act(() => withdrawQuote(latest.id), 'Quote withdrawn.')}
          >
            Withdraw quote
          </button>
        </div>
      )}
      {latest && (latest.status === 'withdrawn' || latest.status === 'replaced') && open && (
        <button
          type="button"
          className={`${primarySmallButton} mt-3`}
          disabled={busy}
          onClick={() => void act(() => createQuote(booking.id), 'Draft quote created.')}
        >
          Write a new quote
        </button>
      )}
      {quotes.data && quotes.data.length > 1 && (
        <p className="mt-3 text-xs text-muted">
          Earlier versions:{' '}
          {quotes.data
            .slice(1)
            .map((q) => `v${q.version} (${STATUS_LABEL[q.status].toLowerCase()})`)
            .join(', ')}
        </p>
      )}
      {latest?.status === 'accepted' && <PaymentsSection booking={booking} onNotice={onNotice} />}
    </section>
  );
}

function Totals({ quote: q }: { quote: Quote }) {
  const money = (c: number) => formatMoney(c, q.currency);
  const rows: [string, string][] = [
    [q.pricing === 'per_guest' ? `${q.guests} guests × ${money(q.price_cents)}` : 'Fixed price', money(q.base_cents)],
    ['Lines', money(q.lines_cents)],
    ['Travel fee', money(q.travel_fee_cents)],
    ['Subtotal', money(q.subtotal_cents)],
    ['Discount', `−${money(q.discount_applied_cents)}`],
    [`Tax (${(q.tax_rate_bp / 100).toFixed(2)} %)`, money(q.tax_cents)],
    ['Total', money(q.total_cents)],
    [
      `Deposit (${q.deposit_percent} %)${q.deposit_due_on ? `, due ${formatDate(q.deposit_due_on)}` : ''}`,
      money(q.deposit_cents),
    ],
    [`Balance${q.balance_due_on ? `, due ${formatDate(q.balance_due_on)}` : ''}`, money(q.balance_cents)],
  ];
  return (
    <dl aria-label="Totals" className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
      {rows.map(([k, v]) => (
        <div key={k} className={cn('contents', k === 'Total' && 'font-semibold text-gold')}>
          <dt>{k}</dt>
          <dd className="text-right tabular-nums">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function LinesList({
  quote,
  lines,
  onDelete,
}: {
  quote: Quote;
  lines: {
    id: string;
    description: string;
    unit: LineUnit;
    unit_cents: number;
    quantity: number;
    amount_cents: number;
  }[];
  onDelete?: (id: string) => void;
}) {
  if (lines.length === 0) return null;
  return (
    <ul aria-label="Quote lines" className="mt-2 grid gap-1 text-sm">
      {lines.map((l) => (
        <li key={l.id} className="flex items-center justify-between gap-2 rounded-lg bg-ink/50 px-3 py-1.5">
          <span className="min-w-0 break-words">
            {l.description} — {l.quantity} × {formatMoney(l.unit_cents, quote.currency)} {UNIT_LABEL[l.unit]} ={' '}
            {formatMoney(l.amount_cents, quote.currency)}
          </span>
          {onDelete && (
            <button
              type="button"
              className="shrink-0 p-2 text-xs text-red-200 underline"
              onClick={() => onDelete(l.id)}
            >
              Remove<span className="sr-only"> {l.description}</span>
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

function QuoteSummary({ quote: q, lines }: { quote: Quote; lines: Parameters<typeof LinesList>[0]['lines'] }) {
  return (
    <div className={box}>
      <p className="text-sm">
        <span className="font-semibold">
          Version {q.version}: {STATUS_LABEL[q.status]}
        </span>
        {q.sent_at && <span className="text-muted"> · sent {formatDateTime(q.sent_at)}</span>}
        {q.expires_on && q.status === 'sent' && (
          <span className="text-muted"> · valid until {formatDate(q.expires_on)}</span>
        )}
      </p>
      {q.change_requests > 0 && q.status === 'sent' && (
        <p className="mt-1 text-sm text-gold">
          The client asked for changes ({q.change_requests}×); their message is in your e-mail.
        </p>
      )}
      {q.status === 'accepted' && (
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted">Accepted by</dt>
          <dd>{q.accepted_name}</dd>
          <dt className="text-muted">Accepted</dt>
          <dd>{q.accepted_at ? formatDateTime(q.accepted_at) : ''}</dd>
          <dt className="text-muted">Dietary needs and allergies</dt>
          <dd className="font-semibold break-words whitespace-pre-wrap text-gold">{q.accepted_dietary}</dd>
        </dl>
      )}
      {q.menu.length > 0 && <p className="mt-2 text-sm whitespace-pre-line text-sand">{menuToText(q.menu)}</p>}
      <LinesList quote={q} lines={lines} />
      <Totals quote={q} />
    </div>
  );
}

function DraftEditor({
  quote: q,
  lines,
  busy,
  act,
}: {
  quote: Quote;
  lines: Parameters<typeof LinesList>[0]['lines'];
  busy: boolean;
  act: (what: () => Promise<unknown>, done: string, bookingChanges?: boolean) => Promise<void>;
}) {
  const [error, setError] = useState<string>();
  const [addOn, setAddOn] = useState('');
  const PRICED_ADD_ONS = useQuoteAddOns();
  const [menu, setMenu] = useState(() => menuToText(q.menu));

  function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const get = (k: string) => String(f.get(k) ?? '');
    const price = toCents(get('price'));
    const travel = toCents(get('travel') || '0');
    const discount = toCents(get('discount') || '0');
    const guests = Number(get('guests'));
    const deposit = Number(get('deposit'));
    if (price === null || travel === null || discount === null)
      return setError('Amounts are written like 150 or 150.50.');
    if (!Number.isInteger(guests) || guests < 1 || guests > 1000)
      return setError('Guests: a whole number from 1 to 1000.');
    if (!Number.isInteger(deposit) || deposit < 0 || deposit > 100)
      return setError('Deposit: a whole percent from 0 to 100.');
    setError(undefined);
    void act(
      () =>
        saveQuote(q.id, {
          pricing: get('pricing') === 'fixed' ? 'fixed' : 'per_guest',
          price_cents: price,
          guests,
          travel_fee_cents: travel,
          discount_cents: discount,
          deposit_percent: deposit,
          deposit_due_on: get('deposit_due') || null,
          balance_due_on: get('balance_due') || null,
          expires_on: get('expires') || null,
          menu: textToMenu(menu),
          note: get('note').trim() || null,
          terms: get('terms'),
        }),
      'Draft saved.',
    );
  }

  function addLine(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    const unitCents = toCents(String(f.get('unit_price') ?? ''));
    const quantity = Number(f.get('quantity'));
    const description = String(f.get('description') ?? '').trim();
    if (!description) return setError('A line needs a description.');
    if (unitCents === null) return setError('Amounts are written like 150 or 150.50.');
    if (!Number.isInteger(quantity) || quantity < 0 || quantity > 1000)
      return setError('Quantity: a whole number from 0 to 1000.');
    setError(undefined);
    void act(
      () =>
        addQuoteLine({
          quote_id: q.id,
          description,
          unit: String(f.get('unit')) as LineUnit,
          unit_cents: unitCents,
          quantity,
          position: lines.length,
        }).then(() => {
          form.reset();
          setAddOn('');
        }),
      'Line added.',
    );
  }

  const chosen = PRICED_ADD_ONS.find((a) => a.title === addOn);

  return (
    <div className={box}>
      <p className="text-sm font-semibold">Version {q.version}: Draft</p>
      <form onSubmit={save} className="mt-3 grid gap-3 sm:grid-cols-2" noValidate aria-label="Quote">
        <fieldset className="sm:col-span-2">
          <legend className={label}>Pricing</legend>
          <div className="mt-1 flex flex-wrap gap-2">
            {Constants.public.Checks.quotes.pricing.map((p) => (
              <label
                key={p}
                className="inline-flex min-h-11 items-center gap-2 rounded-full border border-cream/25 px-4 text-sm has-[:checked]:border-gold"
              >
                <input type="radio" name="pricing" value={p} defaultChecked={q.pricing === p} className="accent-gold" />
                {p === 'per_guest' ? 'Per guest' : 'Fixed price'}
              </label>
            ))}
          </div>
        </fieldset>
        <label className={label}>
          Price ({q.currency})
          <input name="price" inputMode="decimal" defaultValue={fromCents(q.price_cents)} className={input} />
        </label>
        <label className={label}>
          Guests
          <input name="guests" type="number" min={1} max={1000} defaultValue={q.guests} className={input} />
        </label>
        <label className={label}>
          Travel fee
          <input name="travel" inputMode="decimal" defaultValue={fromCents(q.travel_fee_cents)} className={input} />
        </label>
        <label className={label}>
          Discount
          <input name="discount" inputMode="decimal" defaultValue={fromCents(q.discount_cents)} className={input} />
        </label>
        <label className={label}>
          Deposit (%)
          <input name="deposit" type="number" min={0} max={100} defaultValue={q.deposit_percent} className={input} />
        </label>
        <label className={label}>
          Deposit due
          <input name="deposit_due" type="date" defaultValue={q.deposit_due_on ?? ''} className={input} />
        </label>
        <label className={label}>
          Balance due
          <input name="balance_due" type="date" defaultValue={q.balance_due_on ?? ''} className={input} />
        </label>
        <label className={label}>
          Valid until
          <input name="expires" type="date" defaultValue={q.expires_on ?? ''} className={input} />
        </label>
        <label className={`${label} sm:col-span-2`}>
          Menu (one course a line, “Course: dish”)
          <textarea name="menu" rows={4} value={menu} onChange={(e) => setMenu(e.target.value)} className={input} />
        </label>
        <label className={`${label} sm:col-span-2`}>
          Add one of the site’s recipes to the menu
          <select
            value=""
            onChange={(e) => {
              const title = e.target.value;
              if (title) setMenu((m) => `${m.trim() ? `${m.trimEnd()}\n` : ''}${title}`);
            }}
            className={input}
          >
            <option value="">Choose a recipe…</option>
            {recipes.map((r) => (
              <option key={r.id} value={r.title}>
                {r.title}
              </option>
            ))}
          </select>
        </label>
        <label className={`${label} sm:col-span-2`}>
          Note to the client
          <textarea name="note" rows={2} defaultValue={q.note ?? ''} className={input} />
        </label>
        <label className={`${label} sm:col-span-2`}>
          Terms
          <textarea name="terms" rows={4} defaultValue={q.terms} className={input} />
        </label>
        <button type="submit" className={`${smallButton} sm:col-span-2 sm:justify-self-start`} disabled={busy}>
          Save draft
        </button>
      </form>

      <LinesList
        quote={q}
        lines={lines}
        onDelete={(lineId) => void act(() => deleteQuoteLine(lineId), 'Line removed.')}
      />

      <form
        onSubmit={addLine}
        className="mt-3 grid gap-3 rounded-lg bg-ink/40 p-3 sm:grid-cols-2"
        noValidate
        aria-label="Add a line"
      >
        <label className={`${label} sm:col-span-2`}>
          From the price list
          <select value={addOn} onChange={(e) => setAddOn(e.target.value)} className={input}>
            <option value="">A line of your own</option>
            {PRICED_ADD_ONS.map((a) => (
              <option key={a.title} value={a.title}>
                {a.title} ({formatMoney(a.amount.cents, q.currency)} {UNIT_LABEL[a.amount.unit]})
              </option>
            ))}
          </select>
        </label>
        <label className={label}>
          Description
          <input
            key={`d${addOn}`}
            name="description"
            defaultValue={chosen?.title ?? ''}
            maxLength={Constants.public.MaxLength.quote_lines.description}
            className={input}
          />
        </label>
        <label className={label}>
          Charged
          <select key={`u${addOn}`} name="unit" defaultValue={chosen?.amount?.unit ?? 'fixed'} className={input}>
            <option value="per_person">per person</option>
            <option value="per_hour">per hour</option>
            <option value="fixed">fixed</option>
          </select>
        </label>
        <label className={label}>
          Unit price
          <input
            key={`p${addOn}`}
            name="unit_price"
            inputMode="decimal"
            defaultValue={chosen?.amount ? fromCents(chosen.amount.cents) : ''}
            className={input}
          />
        </label>
        <label className={label}>
          Quantity (guests, hours or items)
          <input
            key={`q${addOn}`}
            name="quantity"
            type="number"
            min={0}
            max={1000}
            defaultValue={chosen?.amount?.unit === 'per_person' ? q.guests : 1}
            className={input}
          />
        </label>
        <button type="submit" className={`${smallButton} sm:col-span-2 sm:justify-self-start`} disabled={busy}>
          Add line
        </button>
      </form>

      {error && (
        <p role="alert" className="mt-2 text-sm text-red-300">
          {error}
        </p>
      )}
      <Totals quote={q} />
      <div className="mt-4 flex flex-wrap gap-2">
        <button
          type="button"
          className={primarySmallButton}
          disabled={busy}
          onClick={() => void act(() => sendQuote(q.id), 'Quote sent to the client.', true)}
        >
          Send quote to the client
        </button>
        <button
          type="button"
          className={dangerSmallButton}
          disabled={busy}
          onClick={() => void act(() => deleteQuote(q.id), 'Draft deleted.')}
        >
          Delete draft
        </button>
      </div>
      <p className="mt-2 text-xs text-muted">
        Save the draft before sending: a sent quote cannot change (a change is a new version).
      </p>
    </div>
  );
}

function PaymentsSection({ booking, onNotice }: { booking: Booking; onNotice: Notice }) {
  const id = useId();
  const [tick, setTick] = useState(0);
  const balance = useLoad(() => bookingBalance(booking.id), `${booking.id}:balance:${tick}`);
  const payments = useLoad(() => listPayments(booking.id), `${booking.id}:payments:${tick}`);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const b = balance.data;
  const money = (c: number) => formatMoney(c, b?.currency ?? 'USD');

  async function record(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    const amount = toCents(String(f.get('amount') ?? ''));
    if (amount === null || amount < 1) return setError('Amount: write it like 240 or 240.50.');
    const received = String(f.get('received_on') ?? '');
    if (!received) return setError('Choose the day it was received.');
    setError(undefined);
    setBusy(true);
    try {
      await recordPayment({
        booking_id: booking.id,
        kind: String(f.get('kind')) as PaymentKind,
        amount_cents: amount,
        received_on: received,
        method: String(f.get('method')) as PaymentMethod,
        note: String(f.get('note') ?? '').trim() || null,
        provider_reference: null,
      });
      form.reset();
      onNotice('Payment recorded; the client gets a receipt.');
      setTick((t) => t + 1);
    } catch (err) {
      setError(`The payment was not recorded: ${message(err)}`);
    } finally {
      setBusy(false);
    }
  }

  async function remove(paymentId: string) {
    try {
      await deletePayment(paymentId);
      onNotice('Payment removed.');
      setTick((t) => t + 1);
    } catch (err) {
      onNotice(`The payment was not removed: ${message(err)}`, true);
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
            <span>
              {formatDate(p.received_on)}: {money(p.amount_cents)} {paymentKinds[p.kind].toLowerCase()} by{' '}
              {paymentMethods[p.method]}
              {p.note ? ` (${p.note})` : ''}
            </span>
            <button
              type="button"
              className="shrink-0 p-2 text-xs text-red-200 underline"
              onClick={() => void remove(p.id)}
            >
              Remove<span className="sr-only"> this payment</span>
            </button>
          </li>
        ))}
      </ul>
      {/* Made afresh when the balance (re)loads, so the kind offered follows what is already paid. */}
      <form
        key={b ? `paid-${b.paid_cents}` : 'loading'}
        onSubmit={(e) => void record(e)}
        className="mt-3 grid gap-3 sm:grid-cols-2"
        noValidate
        aria-label="Record a payment"
      >
        <label className={label}>
          Kind
          <select
            name="kind"
            defaultValue={!b || b.paid_cents < b.deposit_cents ? 'deposit' : 'balance'}
            className={input}
          >
            {Object.entries(recordedPaymentKinds).map(([k, v]) => (
              <option key={k} value={k}>
                {v}
              </option>
            ))}
          </select>
        </label>
        <label className={label}>
          Amount
          <input name="amount" inputMode="decimal" className={input} />
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
        {error && (
          <p role="alert" className="text-sm text-red-300 sm:col-span-2">
            {error}
          </p>
        )}
        <button type="submit" className={`${primarySmallButton} sm:col-span-2 sm:justify-self-start`} disabled={busy}>
          Record payment
        </button>
      </form>
    </section>
  );
}
