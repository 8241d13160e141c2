import { ExternalLink } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { formatMoney, quotePage as copy } from '@content/quotes.ts';
import { site } from '@content/site.ts';
import { PaymentQr } from '~/features/payment/index.ts';
import { LinkPageStatus } from '~/components/ui/link-page-status.tsx';
import type { CheckValue } from '~/lib/database.constants.ts';
import { getSupabase } from '~/lib/supabase.ts';
import { href } from '~/paths.ts';
import { useFragmentToken } from '~/lib/fragment-token.ts';
import { CardPayment } from './card-payment.tsx';

/**
 * /quote: where the client's quote e-mail leads (docs/decisions/0022-quotes-and-payments.md). Opening
 * it changes nothing: it reads the quote the link names (describe_quote); only the client's press
 * acts (accept_quote, request_quote_changes: POSTs through supabase-js). Every amount comes from
 * the database. The token is in the address's fragment, never sent to a server, and taken out of
 * the address bar as soon as it is read (as /mail-action does).
 */
type State = 'open' | 'accepted' | 'replaced' | 'withdrawn' | 'expired' | 'unknown' | 'draft';

interface Line {
  description: string;
  unit: CheckValue<'quote_lines', 'unit'>;
  unit_cents: number;
  quantity: number;
  amount_cents: number;
}

interface Quote {
  version: number;
  menu: { course?: string; dish?: string }[];
  pricing: CheckValue<'quotes', 'pricing'>;
  price_cents: number;
  guests: number;
  travel_fee_cents: number;
  base_cents: number;
  subtotal_cents: number;
  discount_cents: number;
  tax_rate_bp: number;
  tax_cents: number;
  total_cents: number;
  deposit_percent: number;
  deposit_cents: number;
  balance_cents: number;
  deposit_due_on: string | null;
  balance_due_on: string | null;
  expires_on: string | null;
  currency: string;
  terms: string;
  note: string | null;
  lines: Line[];
}

interface Described {
  state: State;
  quote?: Quote;
  booking?: {
    name: string;
    booking_date: string;
    booking_time: string;
    service_type: string;
    location: string;
  };
}

type View =
  | { kind: 'loading' }
  | { kind: 'problem'; message: string }
  | { kind: 'quote'; described: Described & { quote: Quote } }
  | {
      kind: 'accepted';
      described: Described & { quote: Quote };
      message?: string;
    };

/** "2026-12-24" → "Thursday, December 24, 2026" (the day as stored, no time-zone shift). */
function day(date: string | null | undefined) {
  if (!date) return '';
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

function time(value: string | undefined) {
  if (!value) return '';
  const [h, m] = value.split(':').map(Number) as [number, number];
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

const L = copy.labels as Record<string, string>;
const card = 'mt-6 rounded-xl border border-cream/10 bg-charcoal p-4 sm:p-6';
const field = 'mt-1 block w-full rounded-md border border-cream/30 bg-ink px-3 py-2 text-cream focus:border-gold focus:outline-none';

export function QuotePage() {
  // Loading in the prerendered HTML; the token is read once the page has hydrated.
  const token = useFragmentToken();
  const [fetched, setView] = useState<View>({ kind: 'loading' });
  const view: View = token === null ? { kind: 'problem', message: copy.states.missing } : fetched;

  useEffect(() => {
    if (!token) return;
    let live = true;
    (async () => {
      const supabase = await getSupabase();
      const { data, error } = await supabase.rpc('describe_quote', { token });
      if (!live) return;
      if (error) return setView({ kind: 'problem', message: error.message });
      // The function answers jsonb (Json in ~/lib/database.types.ts); its shape is the function's.
      const described = data as unknown as Described;
      if (described.state === 'open' && described.quote)
        return setView({
          kind: 'quote',
          described: described as Described & { quote: Quote },
        });
      if (described.state === 'accepted' && described.quote) {
        return setView({
          kind: 'accepted',
          described: described as Described & { quote: Quote },
          message: copy.states.accepted,
        });
      }
      const message =
        described.state === 'replaced' || described.state === 'withdrawn' || described.state === 'expired' ? copy.states[described.state] : copy.states.unknown;
      setView({ kind: 'problem', message });
    })().catch(
      (err: unknown) =>
        live &&
        setView({
          kind: 'problem',
          message: err instanceof Error ? err.message : String(err),
        }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <div className="min-h-dvh bg-ink text-cream">
      <main id="main" className="mx-auto max-w-2xl px-4 py-10 sm:px-6 sm:py-16">
        <p className="font-display text-lg text-gold">{site.name}</p>
        <h1 className="mt-2 font-display text-3xl font-semibold text-gold sm:text-4xl">{view.kind === 'accepted' ? copy.acceptedHeading : copy.title}</h1>
        {(view.kind === 'loading' || view.kind === 'problem') && (
          <LinkPageStatus loading={copy.loading} problem={view.kind === 'problem' ? view.message : undefined} />
        )}
        {view.kind === 'problem' && <ContactLink />}
        {view.kind === 'quote' && token && (
          <QuoteView
            described={view.described}
            token={token}
            onAccepted={(message) => setView({ kind: 'accepted', described: view.described, message })}
            onClosed={(message) => setView({ kind: 'problem', message })}
          />
        )}
        {view.kind === 'accepted' && <Accepted quote={view.described.quote} message={view.message} token={token} />}
      </main>
    </div>
  );
}

function ContactLink() {
  return (
    <p className="mt-8">
      <a href={href('contact')} className="inline-flex min-h-11 items-center font-semibold text-gold underline underline-offset-4">
        {copy.contact}
      </a>
    </p>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex items-baseline justify-between gap-4 border-b border-cream/10 py-2 ${strong ? 'text-lg font-semibold text-gold' : ''}`}>
      <dt className="min-w-0 break-words">{label}</dt>
      <dd className="shrink-0 tabular-nums">{value}</dd>
    </div>
  );
}

function QuoteSummary({ described }: { described: Described & { quote: Quote } }) {
  const { quote: q, booking: b } = described;
  const money = (cents: number) => formatMoney(cents, q.currency);
  const unitLabel = (l: Line) => (l.unit === 'per_person' ? L.perPerson : l.unit === 'per_hour' ? L.perHour : '');
  return (
    <>
      <p className="mt-4 text-sand">{copy.intro}</p>
      {b && (
        <section aria-labelledby="quote-event" className={card}>
          <h2 id="quote-event" className="font-display text-xl font-semibold">
            {L.event}
          </h2>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {(
              [
                [L.event, b.service_type],
                [L.date, day(b.booking_date)],
                [L.time, time(b.booking_time)],
                [L.location, b.location],
                [L.guests, String(q.guests)],
                [L.version, String(q.version)],
                [L.validUntil, day(q.expires_on)],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="font-semibold text-sand">{label}</dt>
                <dd className="min-w-0 break-words">{value}</dd>
              </div>
            ))}
          </dl>
          {q.note && <p className="mt-4 whitespace-pre-line text-sand">{q.note}</p>}
        </section>
      )}
      {q.menu.length > 0 && (
        <section aria-labelledby="quote-menu" className={card}>
          <h2 id="quote-menu" className="font-display text-xl font-semibold">
            {copy.menuHeading}
          </h2>
          <ul className="mt-3 grid gap-2">
            {q.menu.map((c, i) => (
              <li key={i} className="break-words">
                {c.course && <span className="block text-xs font-semibold tracking-wider text-sand uppercase">{c.course}</span>}
                {c.dish}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="quote-price" className={card}>
        <h2 id="quote-price" className="font-display text-xl font-semibold">
          {copy.linesHeading}
        </h2>
        <dl className="mt-3 text-sm">
          <Row label={q.pricing === 'per_guest' ? `${q.guests} × ${money(q.price_cents)} ${L.perGuest}` : L.fixed} value={money(q.base_cents)} />
          {q.lines.map((l, i) => (
            <Row
              key={i}
              label={
                l.unit === 'fixed' && l.quantity === 1
                  ? l.description
                  : `${l.description} (${l.quantity} × ${money(l.unit_cents)}${unitLabel(l) ? ` ${unitLabel(l)}` : ''})`
              }
              value={money(l.amount_cents)}
            />
          ))}
          {q.travel_fee_cents > 0 && <Row label={L.travel} value={money(q.travel_fee_cents)} />}
          <Row label={L.subtotal} value={money(q.subtotal_cents)} />
          {q.discount_cents > 0 && <Row label={L.discount} value={`−${money(q.discount_cents)}`} />}
          {q.tax_rate_bp > 0 && <Row label={`${L.tax} (${(q.tax_rate_bp / 100).toFixed(2)} %)`} value={money(q.tax_cents)} />}
          <Row label={L.total} value={money(q.total_cents)} strong />
          <Row label={`${L.deposit} (${q.deposit_percent} %), ${L.due} ${day(q.deposit_due_on)}`} value={money(q.deposit_cents)} />
          <Row label={`${L.balance}, ${L.due} ${day(q.balance_due_on)}`} value={money(q.balance_cents)} />
        </dl>
      </section>
    </>
  );
}

function QuoteView({
  described,
  token,
  onAccepted,
  onClosed,
}: {
  described: Described & { quote: Quote };
  token: string;
  onAccepted: (message?: string) => void;
  onClosed: (message: string) => void;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [changes, setChanges] = useState<{
    busy: boolean;
    error?: string;
    sent?: boolean;
  }>({ busy: false });

  async function accept(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setError(undefined);
    try {
      const supabase = await getSupabase();
      const { data, error: err } = await supabase.rpc('accept_quote', {
        token,
        full_name: String(form.get('full_name') ?? ''),
        dietary: String(form.get('dietary') ?? ''),
        accept_terms: form.get('accept_terms') === 'on',
      });
      if (err) {
        setBusy(false);
        // Accepted meanwhile (another tab): show the payment step; no longer open: say so.
        if (err.message === 'This quote was already accepted.') return onAccepted(copy.states.accepted);
        if (/replaced|withdrawn|expired/.test(err.message)) return onClosed(err.message);
        return setError(err.message);
      }
      const result = data as { accepted: boolean; message?: string };
      if (!result.accepted) {
        setBusy(false);
        return onClosed(result.message ?? copy.states.unknown);
      }
      onAccepted();
    } catch (err) {
      setBusy(false);
      setError(err instanceof Error ? err.message : String(err));
    }
  }

  async function requestChanges(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (changes.busy) return;
    const form = e.currentTarget;
    const message = String(new FormData(form).get('message') ?? '');
    setChanges({ busy: true });
    try {
      const supabase = await getSupabase();
      const { error: err } = await supabase.rpc('request_quote_changes', {
        token,
        message,
      });
      if (err) return setChanges({ busy: false, error: err.message });
      form.reset();
      setChanges({ busy: false, sent: true });
    } catch (err) {
      setChanges({
        busy: false,
        error: err instanceof Error ? err.message : String(err),
      });
    }
  }

  return (
    <>
      <QuoteSummary described={described} />
      <section aria-labelledby="quote-terms" className={card}>
        <h2 id="quote-terms" className="font-display text-xl font-semibold">
          {copy.termsHeading}
        </h2>
        <p className="mt-3 text-sm whitespace-pre-line text-sand">{described.quote.terms}</p>
      </section>
      <section aria-labelledby="quote-accept" className={card}>
        <h2 id="quote-accept" className="font-display text-xl font-semibold">
          {copy.acceptHeading}
        </h2>
        <form onSubmit={(e) => void accept(e)} className="mt-4 grid gap-4" noValidate>
          <div>
            <label htmlFor={`${id}-name`} className="font-semibold">
              {copy.fullName}
            </label>
            <input id={`${id}-name`} name="full_name" required maxLength={120} autoComplete="name" className={field} />
          </div>
          <div>
            <label htmlFor={`${id}-dietary`} className="font-semibold">
              {copy.dietary}
            </label>
            <p id={`${id}-dietary-hint`} className="text-sm text-sand">
              {copy.dietaryHint}
            </p>
            <textarea id={`${id}-dietary`} name="dietary" required maxLength={2000} rows={3} aria-describedby={`${id}-dietary-hint`} className={field} />
          </div>
          <label className="flex min-h-11 items-start gap-3">
            <input type="checkbox" name="accept_terms" required className="mt-1 size-5 accent-gold" />
            <span>{copy.acceptTerms}</span>
          </label>
          {error && (
            <p role="alert" className="text-red-300">
              {error}
            </p>
          )}
          <button
            type="submit"
            disabled={busy}
            className="inline-flex min-h-11 items-center justify-center gap-2 rounded-md bg-gold px-5 font-semibold text-ink disabled:opacity-60"
          >
            {busy ? copy.accepting : copy.accept}
          </button>
        </form>
      </section>
      <section aria-labelledby="quote-changes" className={card}>
        <h2 id="quote-changes" className="font-display text-xl font-semibold">
          {copy.changesHeading}
        </h2>
        <form onSubmit={(e) => void requestChanges(e)} className="mt-4 grid gap-3" noValidate>
          <label htmlFor={`${id}-changes`} className="font-semibold">
            {copy.changesLabel}
          </label>
          <textarea id={`${id}-changes`} name="message" required maxLength={2000} rows={3} className={field} />
          {changes.error && (
            <p role="alert" className="text-red-300">
              {changes.error}
            </p>
          )}
          {changes.sent && (
            <p role="status" className="text-sand">
              {copy.changesSent}
            </p>
          )}
          <button
            type="submit"
            disabled={changes.busy}
            className="inline-flex min-h-11 items-center justify-center rounded-md border border-gold px-5 font-semibold text-gold disabled:opacity-60"
          >
            {changes.busy ? copy.changesSending : copy.changesSend}
          </button>
        </form>
      </section>
    </>
  );
}

function Accepted({ quote: q, message, token }: { quote: Quote; message?: string; token?: string | null }) {
  const money = (cents: number) => formatMoney(cents, q.currency);
  return (
    <>
      <p role="status" className="mt-6 text-sand">
        {message ?? copy.acceptedText}
      </p>
      <section aria-labelledby="quote-pay" className={card}>
        <h2 id="quote-pay" className="font-display text-xl font-semibold">
          {copy.payHeading}
        </h2>
        <dl className="mt-3 text-sm">
          <Row label={`${L.deposit}, ${L.due} ${day(q.deposit_due_on)}`} value={money(q.deposit_cents)} strong />
          <Row label={`${L.balance}, ${L.due} ${day(q.balance_due_on)}`} value={money(q.balance_cents)} />
          <Row label={L.total} value={money(q.total_cents)} />
        </dl>
        <p className="mt-4 text-sand">{copy.payText}</p>
        {token && <CardPayment token={token} />}
        <div className="mt-4 flex flex-col items-center gap-3">
          <PaymentQr size={220} />
          <p className="font-display text-2xl font-semibold text-gold">{site.paymentHandle}</p>
          <a href={site.paymentUrl} className="inline-flex min-h-11 items-center gap-2 rounded-full bg-gold px-6 py-2.5 font-semibold text-ink">
            {copy.payLink}
            <ExternalLink aria-hidden="true" className="size-4" />
          </a>
        </div>
      </section>
    </>
  );
}
