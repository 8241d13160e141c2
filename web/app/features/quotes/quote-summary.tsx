import { formatMoney, quotePage as copy } from '@content/quotes.ts';
import { card, day, L, Row, time, type Described, type Line, type Quote } from './quote-parts.tsx';

/**
 * The quote as the client reads it on /quote: the event, the menu, every amount and the terms. Also
 * the chef's preview in the console (~/features/quotes/index.ts), so the preview is this page's own
 * parts and cannot drift from it.
 */
export function QuoteSummary({ described }: { described: Described & { quote: Quote } }) {
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
                {c.course && (
                  <span className="block text-xs font-semibold tracking-wider text-sand uppercase">{c.course}</span>
                )}
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
          <Row
            label={q.pricing === 'per_guest' ? `${q.guests} × ${money(q.price_cents)} ${L.perGuest}` : L.fixed}
            value={money(q.base_cents)}
          />
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
          {q.tax_rate_bp > 0 && (
            <Row label={`${L.tax} (${(q.tax_rate_bp / 100).toFixed(2)} %)`} value={money(q.tax_cents)} />
          )}
          <Row label={L.total} value={money(q.total_cents)} strong />
          <Row
            label={`${L.deposit} (${q.deposit_percent} %), ${L.due} ${day(q.deposit_due_on)}`}
            value={money(q.deposit_cents)}
          />
          <Row label={`${L.balance}, ${L.due} ${day(q.balance_due_on)}`} value={money(q.balance_cents)} />
        </dl>
      </section>
    </>
  );
}

export function QuoteTerms({ terms }: { terms: string }) {
  return (
    <section aria-labelledby="quote-terms" className={card}>
      <h2 id="quote-terms" className="font-display text-xl font-semibold">
        {copy.termsHeading}
      </h2>
      <p className="mt-3 text-sm whitespace-pre-line text-sand">{terms}</p>
    </section>
  );
}
