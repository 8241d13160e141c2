import { useId } from 'react';
import { formatMoney, paymentKinds } from '@content/quotes.ts';
import { quoteEvents, type QuoteEvent, type QuoteEventKind } from '../console-api.ts';
import { formatDateTime } from '../format.ts';
import { useLoad } from '../use-load.ts';

/** How each event reads; keyed by the database's list, so a new event does not compile until it is worded. */
const SAYS: Record<QuoteEventKind, (e: QuoteEvent, money: (c: number | null) => string) => string> = {
  quote_created: (e) => `Quote version ${e.version} written`,
  quote_sent: (e, m) => `Quote version ${e.version} sent to the client (${m(e.amount_cents)})`,
  quote_resent: (e) => `Quote version ${e.version} e-mailed again`,
  quote_opened: (e) => `Quote version ${e.version} opened by the client`,
  quote_changes_requested: (e) => `The client asked for changes to version ${e.version}`,
  quote_accepted: (e, m) => `Quote version ${e.version} accepted by the client (${m(e.amount_cents)})`,
  quote_withdrawn: (e) => `Quote version ${e.version} withdrawn`,
  quote_replaced: (e) => `Quote version ${e.version} replaced by a newer version`,
  quote_deleted: (e) => `Draft version ${e.version} deleted`,
  payment_recorded: (e, m) => `${m(e.amount_cents)} ${kindOf(e)} recorded`,
  payment_changed: (e, m) => `Payment changed to ${m(e.amount_cents)} ${kindOf(e)}`,
  payment_removed: (e, m) => `${m(e.amount_cents)} ${kindOf(e)} removed`,
};

function kindOf(e: QuoteEvent) {
  const k = e.kind as keyof typeof paymentKinds | null;
  return k && k in paymentKinds ? paymentKinds[k].toLowerCase() : 'payment';
}

/** The quotes' and payments' history of a booking, as the database's triggers wrote it. */
export function QuoteHistory({
  bookingId,
  currency,
  version,
}: {
  bookingId: string;
  currency: string;
  version: string;
}) {
  const id = useId();
  const events = useLoad(() => quoteEvents(bookingId), `${bookingId}:quote-events:${version}`);
  const money = (c: number | null) => formatMoney(c ?? 0, currency);
  if (!events.data?.length && !events.error) return null;
  return (
    <section aria-labelledby={`${id}-events`} className="mt-4">
      <h4 id={`${id}-events`} className="text-sm font-semibold text-cream">
        Quote and payment history
      </h4>
      {events.error && <p className="mt-1 text-sm text-red-300">Could not load it: {events.error}</p>}
      <ol className="mt-2 grid gap-1 text-sm">
        {(events.data ?? []).map((e) => (
          <li key={e.id} className="rounded-lg bg-ink/50 px-3 py-1.5">
            {SAYS[e.event](e, money)} <span className="text-muted">· {formatDateTime(e.at)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
