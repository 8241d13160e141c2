import { useState } from 'react';
import { quoteLink, resendQuote, reviseQuote, withdrawQuote, type Quote } from '../console-api.ts';
import { dangerSmallButton, smallButton } from '../data-table.tsx';
import { formatDate, formatDateTime } from '../format.ts';
import type { Act } from './act.ts';
import { Feedback, type Notice, type Say } from './feedback.tsx';
import { LinesList, type LineRow } from './lines-list.tsx';
import { box, errorText, input, menuToText, STATUS_LABEL } from './parts.ts';
import { TotalsList } from './totals-list.tsx';

/**
 * A quote that left the editor (sent, accepted, withdrawn, replaced): what the client was sent, whether
 * they opened it, and what the chef can still do: copy or resend the link, make a new version, withdraw.
 */
export function SentQuote({
  quote: q,
  lines,
  busy,
  act,
  notice,
  say,
}: {
  quote: Quote;
  lines: LineRow[];
  busy: boolean;
  act: Act;
  notice: Notice | null;
  say: Say;
}) {
  const [link, setLink] = useState<string | null>(null);
  const linkLive = q.status === 'sent' || q.status === 'accepted';

  async function copyLink() {
    try {
      const token = await quoteLink(q.id);
      if (!token) return say('quote', 'This quote’s link is not known any more: make a new version.', true);
      // As the e-mail writes it (server/src/mail/composers/quotes.ts): the console is on the same site.
      const address = `${window.location.origin}/quote#token=${token}`;
      setLink(address);
      try {
        await navigator.clipboard.writeText(address);
        say('quote', 'Link copied.');
      } catch {
        say('quote', 'Not copied: select the link below and copy it.', true);
      }
    } catch (err) {
      say('quote', `No link: ${errorText(err)}`, true);
    }
  }

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
      {q.sent_at && (
        <p className="mt-1 text-sm">
          {q.opened_at ? (
            <span className="font-semibold text-green-200">Opened {formatDateTime(q.opened_at)}</span>
          ) : (
            <span className="text-muted">Not opened yet</span>
          )}
        </p>
      )}
      {q.change_requests > 0 && q.status === 'sent' && (
        <p className="mt-1 text-sm text-gold">
          The client asked for changes ({q.change_requests}×); their message is in your e-mail.
        </p>
      )}
      {q.status === 'accepted' && (
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted">Accepted by</dt>
          <dd className="min-w-0 break-words">{q.accepted_name}</dd>
          <dt className="text-muted">Accepted</dt>
          <dd>{q.accepted_at ? formatDateTime(q.accepted_at) : ''}</dd>
          <dt className="text-muted">Dietary needs and allergies</dt>
          <dd className="min-w-0 font-semibold break-words whitespace-pre-wrap text-gold">{q.accepted_dietary}</dd>
        </dl>
      )}
      {q.menu.length > 0 && (
        <p className="mt-2 text-sm break-words whitespace-pre-line text-sand">{menuToText(q.menu)}</p>
      )}
      <LinesList currency={q.currency} lines={lines} />
      <TotalsList facts={q} depositDue={q.deposit_due_on} balanceDue={q.balance_due_on} />
      <div className="mt-3 flex flex-wrap gap-2">
        {linkLive && (
          <button type="button" className={smallButton} onClick={() => void copyLink()}>
            Copy link
          </button>
        )}
        {q.status === 'sent' && (
          <>
            <button
              type="button"
              className={smallButton}
              disabled={busy}
              onClick={() => void act(() => resendQuote(q.id), 'Link e-mailed to the client again.', 'quote')}
            >
              Resend link
            </button>
            <button
              type="button"
              className={smallButton}
              disabled={busy}
              onClick={() => void act(() => reviseQuote(q.id), 'New version created as a draft.', 'quote')}
            >
              Make a new version
            </button>
            <button
              type="button"
              className={dangerSmallButton}
              disabled={busy}
              onClick={() => void act(() => withdrawQuote(q.id), 'Quote withdrawn.', 'quote')}
            >
              Withdraw quote
            </button>
          </>
        )}
      </div>
      <Feedback at="quote" notice={notice} className="mt-2" />
      {link && (
        <label className="mt-2 block text-xs text-muted">
          The client’s link
          <input readOnly value={link} onFocus={(e) => e.currentTarget.select()} className={input} />
        </label>
      )}
    </div>
  );
}
