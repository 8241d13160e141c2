import * as Dialog from '@radix-ui/react-dialog';
import { useId } from 'react';
import { quotePage } from '@content/quotes.ts';
import { site } from '@content/site.ts';
import { QuoteSummary, QuoteTerms, type ClientQuote, type Described } from '~/features/quotes/index.ts';
import type { Booking, Quote, QuoteDraft } from '../console-api.ts';
import { smallButton } from '../data-table.tsx';
import type { LineRow } from './lines-list.tsx';
import type { Totals } from './quote-totals.ts';

/**
 * The client's page as it would read if the draft were sent now: /quote's own parts
 * (~/features/quotes) given what describe_quote would answer, the typed values, the live totals
 * and the days sending today would set. Built in the browser: nothing is saved or sent.
 */
export function QuotePreview({
  booking: b,
  quote: q,
  draft,
  totals,
  lines,
  dates,
  onClose,
}: {
  booking: Booking;
  quote: Quote;
  draft: Required<QuoteDraft>;
  totals: Totals;
  lines: LineRow[];
  dates: { deposit_due_on: string; expires_on: string };
  onClose: () => void;
}) {
  const id = useId();
  const quote: ClientQuote = {
    version: q.version,
    menu: draft.menu,
    pricing: draft.pricing,
    price_cents: draft.price_cents,
    guests: draft.guests,
    travel_fee_cents: draft.travel_fee_cents,
    base_cents: totals.base_cents,
    subtotal_cents: totals.subtotal_cents,
    // describe_quote names the discount applied (at most the subtotal) discount_cents.
    discount_cents: totals.discount_applied_cents,
    tax_rate_bp: q.tax_rate_bp,
    tax_cents: totals.tax_cents,
    total_cents: totals.total_cents,
    deposit_percent: draft.deposit_percent,
    deposit_cents: totals.deposit_cents,
    balance_cents: totals.balance_cents,
    deposit_due_on: dates.deposit_due_on,
    balance_due_on: draft.balance_due_on,
    expires_on: dates.expires_on,
    currency: q.currency,
    terms: draft.terms,
    note: draft.note,
    lines: lines.map(({ description, unit, unit_cents, quantity, amount_cents }) => ({
      description,
      unit,
      unit_cents,
      quantity,
      amount_cents,
    })),
  };
  const described: Described & { quote: ClientQuote } = {
    state: 'open',
    quote,
    booking: {
      name: b.name,
      booking_date: b.booking_date,
      booking_time: b.booking_time,
      service_type: b.service_type,
      location: b.location,
    },
  };
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[70] bg-ink/85" />
        <Dialog.Content
          aria-describedby={`${id}-about`}
          className="fixed inset-0 z-[71] overflow-y-auto bg-ink px-4 py-6 text-cream sm:inset-y-4 sm:left-1/2 sm:w-[42rem] sm:-translate-x-1/2 sm:rounded-2xl sm:border sm:border-gold/25"
        >
          <div className="flex items-start justify-between gap-3">
            <Dialog.Title className="text-base font-semibold text-cream">What the client will see</Dialog.Title>
            <Dialog.Close className={smallButton}>Close preview</Dialog.Close>
          </div>
          <p id={`${id}-about`} className="mt-1 text-xs text-muted">
            Their page if you send the quote now, with what you typed (saved or not). Under it they accept or ask for
            changes.
          </p>
          <div className="mt-4 rounded-xl border border-dashed border-cream/20 p-3">
            <p className="font-display text-lg text-gold">{site.name}</p>
            <p className="mt-2 font-display text-3xl font-semibold text-gold">{quotePage.title}</p>
            <QuoteSummary described={described} />
            <QuoteTerms terms={quote.terms} />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
