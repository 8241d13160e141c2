import { useEffect, useId, useState, type FormEvent } from 'react';
import { quotePage as copy } from '@content/quotes.ts';
import { site } from '@content/site.ts';
import { LinkPageStatus } from '~/components/ui/link-page-status.tsx';
import { getSupabase } from '~/lib/supabase.ts';
import { href } from '~/paths.ts';
import { useFragmentToken } from '~/lib/fragment-token.ts';
import { card, field, type Described, type Quote } from './quote-parts.tsx';
import { QuoteSummary, QuoteTerms } from './quote-summary.tsx';
import { PayStep } from './quote-pay.tsx';

/**
 * /quote: where the client's quote e-mail leads (docs/decisions/0022-quotes-and-payments.md). Opening
 * it changes nothing: it reads the quote the link names (describe_quote); only the client's press
 * acts (accept_quote, request_quote_changes: POSTs through supabase-js). Every amount comes from
 * the database. The token is in the address's fragment, never sent to a server, and taken out of
 * the address bar as soon as it is read (as /mail-action does).
 */
type View =
  | { kind: 'loading' }
  | { kind: 'problem'; message: string }
  | { kind: 'quote'; described: Described & { quote: Quote } }
  | {
      kind: 'accepted';
      described: Described & { quote: Quote };
      message?: string;
    };

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
      if (described.state === 'open' && described.quote) {
        // The chef sees "Opened" once the quote has been shown here. A POST made by this page's
        // script: a mail scanner's GET of the link runs none, and describe_quote changes nothing.
        // Whether it is recorded changes nothing for the client, so a failure is not shown.
        void supabase.rpc('open_quote', { token }).then(
          () => {},
          () => {},
        );
        return setView({
          kind: 'quote',
          described: described as Described & { quote: Quote },
        });
      }
      if (described.state === 'accepted' && described.quote) {
        return setView({
          kind: 'accepted',
          described: described as Described & { quote: Quote },
          message: copy.states.accepted,
        });
      }
      const message =
        described.state === 'replaced' || described.state === 'withdrawn' || described.state === 'expired'
          ? copy.states[described.state]
          : copy.states.unknown;
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
        <h1 className="mt-2 font-display text-3xl font-semibold text-gold sm:text-4xl">
          {view.kind === 'accepted' ? copy.acceptedHeading : copy.title}
        </h1>
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
        {view.kind === 'accepted' && <PayStep described={view.described} message={view.message} token={token} />}
      </main>
    </div>
  );
}

function ContactLink() {
  return (
    <p className="mt-8">
      <a
        href={href('contact')}
        className="inline-flex min-h-11 items-center font-semibold text-gold underline underline-offset-4"
      >
        {copy.contact}
      </a>
    </p>
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
      <QuoteTerms terms={described.quote.terms} />
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
            <textarea
              id={`${id}-dietary`}
              name="dietary"
              required
              maxLength={2000}
              rows={3}
              aria-describedby={`${id}-dietary-hint`}
              className={field}
            />
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
