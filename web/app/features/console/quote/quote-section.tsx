import { useId, useState } from 'react';
import { createQuote, listQuotes, quoteLines, type Booking } from '../console-api.ts';
import { primarySmallButton } from '../data-table.tsx';
import { useLoad } from '../use-load.ts';
import type { Act } from './act.ts';
import { DraftEditor } from './draft-editor.tsx';
import { Feedback, useFeedback } from './feedback.tsx';
import { errorText, STATUS_LABEL } from './parts.ts';
import { PaymentsSection } from './payments-section.tsx';
import { QuoteHistory } from './quote-history.tsx';
import { SentQuote } from './sent-quote.tsx';

/**
 * A booking's quote and payments in its console dialog (docs/decisions/0022-quotes-and-payments.md,
 * 0059-quote-editor-for-the-phone.md): write a draft with live totals, preview it and send it; see
 * whether the client opened it; copy or resend the link, make a new version, withdraw it; record and
 * remove payments; read the history. Every saved amount shown is the database's.
 */
export function QuoteSection({ booking, onBookingChanged }: { booking: Booking; onBookingChanged: () => void }) {
  const id = useId();
  const [tick, setTick] = useState(0);
  const quotes = useLoad(() => listQuotes(booking.id), `${booking.id}:quotes:${tick}`);
  const latest = quotes.data?.[0];
  const lines = useLoad(
    () => (latest ? quoteLines(latest.id) : Promise.resolve([])),
    `${latest?.id ?? 'none'}:${latest?.updated_at ?? ''}:${tick}`,
  );
  const [busy, setBusy] = useState(false);
  const { notice, say } = useFeedback();
  const reload = () => setTick((t) => t + 1);

  const act: Act = async (what, done, at, opts = {}) => {
    setBusy(true);
    try {
      await what();
      say(at, done);
      return true;
    } catch (err) {
      say(at, `${opts.failed ?? done.replace(/\.$/, '') + ' failed'}: ${errorText(err)}`, true);
      return false;
    } finally {
      setBusy(false);
      // After a failure too: a send that saved and then failed shows the saved draft.
      reload();
      if (opts.bookingChanges) onBookingChanged();
    }
  };

  const open = ['new', 'contacted', 'quoted'].includes(booking.status);
  const writeQuote = (text: string) => (
    <button
      type="button"
      className={`${primarySmallButton} mt-2`}
      disabled={busy}
      onClick={() => void act(() => createQuote(booking.id), 'Draft quote created.', 'quote')}
    >
      {text}
    </button>
  );

  return (
    <section aria-labelledby={`${id}-quote`} className="mt-6">
      <h3 id={`${id}-quote`} className="text-base font-semibold text-cream">
        Quote
      </h3>
      {quotes.error && <p className="mt-2 text-sm text-red-300">Could not load the quote: {quotes.error}</p>}
      {quotes.data && !latest && (
        <div className="mt-2">
          <p className="text-sm text-muted">No quote yet.</p>
          {open && writeQuote('Write a quote')}
          <Feedback at="quote" notice={notice} className="mt-2" />
        </div>
      )}
      {latest?.status === 'draft' && (
        <DraftEditor
          key={latest.id}
          booking={booking}
          quote={latest}
          lines={lines.data ?? []}
          busy={busy}
          act={act}
          notice={notice}
          say={say}
        />
      )}
      {latest && latest.status !== 'draft' && (
        <SentQuote quote={latest} lines={lines.data ?? []} busy={busy} act={act} notice={notice} say={say} />
      )}
      {latest &&
        (latest.status === 'withdrawn' || latest.status === 'replaced') &&
        open &&
        writeQuote('Write a new quote')}
      {quotes.data && quotes.data.length > 1 && (
        <p className="mt-3 text-xs text-muted">
          Earlier versions:{' '}
          {quotes.data
            .slice(1)
            .map((q) => `v${q.version} (${STATUS_LABEL[q.status].toLowerCase()})`)
            .join(', ')}
        </p>
      )}
      {latest?.status === 'accepted' && (
        <PaymentsSection booking={booking} notice={notice} say={say} onChanged={reload} />
      )}
      {latest && (
        <QuoteHistory bookingId={booking.id} currency={latest.currency} version={`${tick}:${latest.updated_at}`} />
      )}
    </section>
  );
}
