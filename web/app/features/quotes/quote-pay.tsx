import { ExternalLink } from 'lucide-react';
import { formatMoney, quotePage as copy } from '@content/quotes.ts';
import { PaymentQr } from '~/features/payment/index.ts';
import { useBrand } from '~/lib/brand.ts';
import { paymentLink, paymentReference } from '~/lib/payment-link.ts';
import { CardPayment } from './card-payment.tsx';
import { card, day, L, Row, type Described, type Quote } from './quote-parts.tsx';

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');

/**
 * The client's pay step after accepting: the amount due, its day and one button whose link carries
 * the amount (and the reference, where the provider takes a note: content/payment.ts). The QR code
 * is for paying from another screen, so it shows only with a fine pointer on a wide screen (a
 * computer), never on the phone that would have to scan itself; decided by CSS, so the prerendered
 * page and the hydrated one agree. The balance's day and its reminder are said below.
 */
export function PayStep({
  described,
  message,
  token,
}: {
  described: Described & { quote: Quote };
  message?: string;
  token?: string | null;
}) {
  const q = described.quote;
  const brand = useBrand();
  const b = described.booking;
  const money = (cents: number) => formatMoney(cents, q.currency);
  const depositDue = q.deposit_cents > 0;
  const kind = depositDue ? 'deposit' : 'balance';
  const amount = depositDue ? q.deposit_cents : q.balance_cents;
  const dueOn = depositDue ? q.deposit_due_on : q.balance_due_on;
  const reference = paymentReference(kind, b?.name ?? '', b?.booking_date ?? '');
  const link = paymentLink(brand.paymentUrl, amount, q.currency, reference);
  return (
    <>
      <p role="status" className="mt-6 text-sand">
        {message ?? copy.acceptedText}
      </p>
      <section aria-labelledby="quote-pay" className={card}>
        <h2 id="quote-pay" className="font-display text-xl font-semibold">
          {depositDue ? copy.payHeading : L.balance}
        </h2>
        <p className="mt-3 font-display text-4xl font-semibold text-gold">{money(amount)}</p>
        <p className="mt-1 text-cream">{fill(copy.payDue, { date: day(dueOn) })}</p>
        <a
          href={link.href}
          className="mt-4 flex min-h-12 w-full items-center justify-center gap-2 rounded-full bg-gold px-6 py-3 text-lg font-semibold text-ink sm:w-auto sm:justify-self-start"
        >
          {fill(copy.payNow, { amount: money(amount) })}
          <ExternalLink aria-hidden="true" className="size-4" />
        </a>
        <p className="mt-3 text-sm text-sand">{link.carriesAmount ? copy.payText : brand.paymentHandle}</p>
        {/* Card payment through Stripe Checkout, when the backend takes cards (card-payment.tsx). */}
        {token && <CardPayment token={token} />}
        {!link.carriesNote && (
          <p className="mt-2 text-sm text-sand">
            {copy.payNote} <strong className="text-cream select-all">{reference}</strong>
          </p>
        )}
        <div data-testid="pay-qr" className="mt-4 hidden flex-col items-center gap-2 pointer-fine:md:flex">
          <p className="text-sm text-sand">{copy.payScan}</p>
          <PaymentQr size={180} />
          <p className="font-display text-lg font-semibold text-gold">{brand.paymentHandle}</p>
        </div>
        {depositDue && q.balance_cents > 0 && (
          <p className="mt-4 text-sm text-sand">
            {fill(copy.balanceLater, { amount: money(q.balance_cents), date: day(q.balance_due_on) })}
          </p>
        )}
        <dl className="mt-4 text-sm">
          <Row label={`${L.deposit}, ${L.due} ${day(q.deposit_due_on)}`} value={money(q.deposit_cents)} />
          <Row label={`${L.balance}, ${L.due} ${day(q.balance_due_on)}`} value={money(q.balance_cents)} />
          <Row label={L.total} value={money(q.total_cents)} strong />
        </dl>
      </section>
    </>
  );
}
