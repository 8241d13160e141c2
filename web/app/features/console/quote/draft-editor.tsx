import { useState, type FormEvent } from 'react';
import { formatMoney } from '@content/quotes.ts';
import { recipes } from '@content/recipes.ts';
import { Constants } from '~/lib/database.constants.ts';
import {
  deleteQuote,
  deleteQuoteLine,
  saveQuote,
  sendQuote,
  sendSettings,
  type Booking,
  type Quote,
} from '../console-api.ts';
import { dangerSmallButton, primarySmallButton, smallButton } from '../data-table.tsx';
import { formatDate, today } from '../format.ts';
import { useLoad } from '../use-load.ts';
import type { Act } from './act.ts';
import { AddLineForm } from './add-line-form.tsx';
import { isSaved, parseDraft, valuesOf, type DraftValues } from './draft-values.ts';
import { Feedback, type Notice, type Say } from './feedback.tsx';
import { LinesList, type LineRow } from './lines-list.tsx';
import { box, input, label } from './parts.ts';
import { QuotePreview } from './quote-preview.tsx';
import { datesOnSend, quoteTotals } from './quote-totals.ts';

/** The draft's three dates, in the order the editor shows them. */
const DATES = [
  ['deposit_due', 'Deposit due'],
  ['balance_due', 'Balance due'],
  ['expires', 'Valid until'],
] as const;
import { TotalsList, type DateRow, type TotalsFacts } from './totals-list.tsx';

/**
 * A draft on the phone: every field followed as it is typed, so the totals (computed here by the
 * database's rules, quote-totals.ts) change with each keystroke; once saved, the saved figures are
 * the database's own. "Send" saves what is typed first, or refuses and says why: nothing typed is
 * dropped. The deposit's due day and the expiry are shown as sending today would set them.
 */
export function DraftEditor({
  booking,
  quote: q,
  lines,
  busy,
  act,
  notice,
  say,
}: {
  booking: Booking;
  quote: Quote;
  lines: LineRow[];
  busy: boolean;
  act: Act;
  notice: Notice | null;
  say: Say;
}) {
  const [values, setValues] = useState<DraftValues>(() => valuesOf(q));
  const [previewing, setPreviewing] = useState(false);
  const settings = useLoad(sendSettings, 'quote-send-settings');
  const set = (k: keyof DraftValues) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [k]: e.target.value }));

  const parsed = parseDraft(values);
  const unsaved = !parsed.ok || !isSaved(parsed.draft, q);
  const live: TotalsFacts | null = parsed.ok
    ? {
        ...parsed.draft,
        currency: q.currency,
        tax_rate_bp: q.tax_rate_bp,
        ...quoteTotals({ ...parsed.draft, tax_rate_bp: q.tax_rate_bp, lines }),
      }
    : null;
  // Saved: the database's figures (the authority); typed but not saved: the live ones.
  const facts: TotalsFacts | null = unsaved ? live : q;
  const day = today();
  const dates = parsed.ok && settings.data ? datesOnSend(parsed.draft, settings.data, day) : null;
  const dateProblem =
    dates && parsed.ok && parsed.draft.balance_due_on && dates.deposit_due_on > parsed.draft.balance_due_on
      ? 'The deposit must be due on or before the day the balance is due.'
      : dates && dates.expires_on < day
        ? 'The quote would expire before it is sent: choose a later expiry date.'
        : null;
  const dateRows: DateRow[] = dates
    ? [
        ['Deposit due', `${formatDate(dates.deposit_due_on)}${values.deposit_due ? '' : ' (if sent today)'}`],
        ['Balance due', values.balance_due ? formatDate(values.balance_due) : 'not set'],
        ['Valid until', `${formatDate(dates.expires_on)}${values.expires ? '' : ' (if sent today)'}`],
      ]
    : [];

  function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!parsed.ok) return say('draft', parsed.error, true);
    void act(() => saveQuote(q.id, parsed.draft), 'Draft saved.', 'draft');
  }

  function send() {
    if (!parsed.ok) return say('quote', `Not sent: ${parsed.error} Your changes are kept.`, true);
    if (dateProblem) return say('quote', `Not sent: ${dateProblem}`, true);
    const draft = parsed.draft;
    void act(
      async () => {
        if (unsaved) await saveQuote(q.id, draft);
        await sendQuote(q.id);
      },
      unsaved ? 'Your changes were saved. Quote sent to the client.' : 'Quote sent to the client.',
      'quote',
      { failed: unsaved ? 'Not sent (your changes are saved as the draft)' : 'Not sent', bookingChanges: true },
    );
  }

  return (
    <div className={box}>
      <p className="text-sm font-semibold">Version {q.version}: Draft</p>
      <form onSubmit={save} className="mt-3 grid grid-cols-2 gap-3" noValidate aria-label="Quote">
        <fieldset className="col-span-2">
          <legend className={label}>Pricing</legend>
          <div className="mt-1 flex flex-wrap gap-2">
            {Constants.public.Checks.quotes.pricing.map((p) => (
              <label
                key={p}
                className="inline-flex min-h-11 items-center gap-2 rounded-full border border-cream/25 px-4 text-sm has-[:checked]:border-gold"
              >
                <input
                  type="radio"
                  name="pricing"
                  value={p}
                  checked={values.pricing === p}
                  onChange={() => setValues((v) => ({ ...v, pricing: p }))}
                  className="accent-gold"
                />
                {p === 'per_guest' ? 'Per guest' : 'Fixed price'}
              </label>
            ))}
          </div>
        </fieldset>
        <label className={label}>
          Price ({q.currency})
          <input name="price" inputMode="decimal" value={values.price} onChange={set('price')} className={input} />
        </label>
        <label className={label}>
          Guests
          <input
            name="guests"
            type="number"
            min={1}
            max={1000}
            value={values.guests}
            onChange={set('guests')}
            className={input}
          />
        </label>
        <label className={label}>
          Travel fee
          <input name="travel" inputMode="decimal" value={values.travel} onChange={set('travel')} className={input} />
        </label>
        <label className={label}>
          Discount
          <input
            name="discount"
            inputMode="decimal"
            value={values.discount}
            onChange={set('discount')}
            className={input}
          />
        </label>
        <label className={label}>
          Deposit (%)
          <input
            name="deposit"
            type="number"
            min={0}
            max={100}
            value={values.deposit}
            onChange={set('deposit')}
            className={input}
          />
        </label>
        {DATES.map(([name, text]) => (
          <label key={name} className={label}>
            {text}
            <input name={name} type="date" value={values[name]} onChange={set(name)} className={input} />
          </label>
        ))}
        <label className={`${label} col-span-2`}>
          Menu (one course a line, “Course: dish”)
          <textarea name="menu" rows={4} value={values.menu} onChange={set('menu')} className={input} />
        </label>
        <label className={`${label} col-span-2`}>
          Add one of the site’s recipes to the menu
          <select
            value=""
            onChange={(e) => {
              const title = e.target.value;
              if (title) setValues((v) => ({ ...v, menu: `${v.menu.trim() ? `${v.menu.trimEnd()}\n` : ''}${title}` }));
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
        <label className={`${label} col-span-2`}>
          Note to the client
          <textarea
            name="note"
            rows={2}
            value={values.note}
            onChange={set('note')}
            maxLength={5000}
            className={input}
          />
        </label>
        <label className={`${label} col-span-2`}>
          Terms
          <textarea
            name="terms"
            rows={4}
            value={values.terms}
            onChange={set('terms')}
            maxLength={10000}
            className={input}
          />
        </label>
        <div className="flex flex-wrap items-center gap-3 col-span-2">
          <button type="submit" className={smallButton} disabled={busy}>
            Save draft
          </button>
          <Feedback at="draft" notice={notice} />
        </div>
      </form>

      <LinesList
        currency={q.currency}
        lines={lines}
        busy={busy}
        onDelete={(lineId) => void act(() => deleteQuoteLine(lineId), 'Line removed.', 'lines')}
      />
      <AddLineForm quote={q} position={lines.length} busy={busy} act={act} notice={notice} say={say} />

      <section aria-label="What the client will pay" className="mt-4">
        <p className={unsaved ? 'text-sm font-semibold text-gold' : 'text-sm text-muted'}>
          {unsaved
            ? 'Not saved yet: the totals as they will be saved.'
            : 'Saved: the totals as the client will see them.'}
        </p>
        {facts ? (
          <TotalsList facts={facts} dates={dateRows} />
        ) : (
          <p role="alert" className="mt-2 text-sm text-red-300">
            {parsed.ok ? '' : `No totals yet: ${parsed.error}`}
          </p>
        )}
        {dateProblem && <p className="mt-2 text-sm font-semibold text-red-300">{dateProblem}</p>}
      </section>

      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className={primarySmallButton} disabled={busy} onClick={send}>
          Send quote to the client
        </button>
        <button type="button" className={smallButton} disabled={!live || !dates} onClick={() => setPreviewing(true)}>
          Preview
        </button>
        <button
          type="button"
          className={dangerSmallButton}
          disabled={busy}
          onClick={() => void act(() => deleteQuote(q.id), 'Draft deleted.', 'quote')}
        >
          Delete draft
        </button>
      </div>
      <Feedback at="quote" notice={notice} className="mt-2" />
      <p className="mt-1 text-xs text-muted">
        Sending saves what you typed first. A sent quote cannot change: a change is a new version.
      </p>
      {/* On a phone the totals are a long way below the price being typed: the total and deposit
          follow the keystrokes at the foot of the screen too (not a live region: it changes per key). */}
      {facts && (
        <p
          aria-hidden
          className="sticky bottom-0 -mx-4 mt-3 -mb-4 flex justify-between gap-2 rounded-b-xl border-t border-gold/30 bg-charcoal/95 px-4 py-2 text-sm tabular-nums"
        >
          <span className="font-semibold text-gold">{formatMoney(facts.total_cents, q.currency)}</span>
          <span className="text-sand">deposit {formatMoney(facts.deposit_cents, q.currency)}</span>
          <span className={unsaved ? 'text-gold' : 'text-muted'}>{unsaved ? 'not saved' : 'saved'}</span>
        </p>
      )}
      {previewing && live && parsed.ok && dates && (
        <QuotePreview
          booking={booking}
          quote={q}
          draft={parsed.draft}
          totals={live}
          lines={lines}
          dates={dates}
          onClose={() => setPreviewing(false)}
        />
      )}
    </div>
  );
}
