import { useEffect, useState } from 'react';
import { emails } from '@content/emails.ts';
import { LinkPageStatus } from '~/components/ui/link-page-status.tsx';
import { getSupabase } from '~/lib/supabase.ts';
import { useFragmentToken } from '~/lib/fragment-token.ts';

/**
 * /mail-action: where the "Confirm this booking" button of the chef's e-mail leads. Opening it
 * changes nothing (mail scanners open links): it reads what the link would do
 * (describe_mail_action) and asks; only the chef's press sends the POST that acts
 * (redeem_mail_action), once. The token is in the address's fragment, which browsers never send
 * to a server; it is taken out of the address bar as soon as it is read.
 */
const copy = emails.actionPage;

interface Described {
  state: 'ready' | 'used' | 'expired' | 'unknown';
  booking?: {
    name: string;
    booking_date: string;
    booking_time: string;
    guests: number;
    service_type: string;
    location: string;
    status: string;
  };
}

type View =
  | { kind: 'loading' }
  | { kind: 'problem'; message: string }
  | { kind: 'ask'; described: Described; busy: boolean; error?: string }
  | { kind: 'done' };

export function MailActionPage() {
  // Loading in the prerendered HTML; the token is read once the page has hydrated.
  const token = useFragmentToken();
  const [fetched, setView] = useState<View>({ kind: 'loading' });
  const view: View = token === null ? { kind: 'problem', message: copy.states.missing } : fetched;

  useEffect(() => {
    if (!token) return;
    let live = true;
    (async () => {
      const supabase = await getSupabase();
      const { data, error } = await supabase.rpc('describe_mail_action', { token });
      if (!live) return;
      if (error) return setView({ kind: 'problem', message: error.message });
      // The function answers jsonb (Json in ~/lib/database.types.ts); its shape is the function's.
      const described = data as unknown as Described;
      if (described.state !== 'ready') return setView({ kind: 'problem', message: copy.states[described.state] });
      setView({ kind: 'ask', described, busy: false });
    })().catch(
      (err: unknown) => live && setView({ kind: 'problem', message: err instanceof Error ? err.message : String(err) }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  async function confirm() {
    if (view.kind !== 'ask' || !token) return;
    setView({ ...view, busy: true, error: undefined });
    try {
      const supabase = await getSupabase();
      const { data, error } = await supabase.rpc('redeem_mail_action', { token });
      // A refusal after the link was accepted spends it: {done: false, message} (the migration
      // 20261124100000_no_megaphone.sql).
      const answer = data as { done?: boolean; message?: string } | null;
      if (error) setView({ ...view, busy: false, error: error.message });
      else if (answer?.done === false) setView({ kind: 'problem', message: answer.message ?? copy.states.used });
      else setView({ kind: 'done' });
    } catch (err) {
      setView({ ...view, busy: false, error: err instanceof Error ? err.message : String(err) });
    }
  }

  return (
    <div className="min-h-dvh bg-ink text-cream">
      <main id="main" className="mx-auto max-w-xl px-6 py-16">
        <h1 className="font-display text-3xl font-semibold text-gold">
          {view.kind === 'done' ? copy.done : copy.title}
        </h1>
        {(view.kind === 'loading' || view.kind === 'problem') && (
          <LinkPageStatus loading={copy.loading} problem={view.kind === 'problem' ? view.message : undefined} />
        )}
        {view.kind === 'ask' && view.described.booking && (
          <>
            <p className="mt-6 text-sand">{copy.question}</p>
            <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-xl border border-cream/10 bg-charcoal p-4 text-sm">
              {(
                [
                  [emails.labels.name, view.described.booking.name],
                  [emails.labels.service, view.described.booking.service_type],
                  [emails.labels.date, view.described.booking.booking_date],
                  [emails.labels.time, view.described.booking.booking_time.slice(0, 5)],
                  [emails.labels.guests, String(view.described.booking.guests)],
                  [emails.labels.location, view.described.booking.location],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="font-semibold text-sand">{label}</dt>
                  <dd className="break-words">{value}</dd>
                </div>
              ))}
            </dl>
            {view.error && (
              <p role="alert" className="mt-4 text-red-300">
                {view.error}
              </p>
            )}
            <button
              type="button"
              onClick={() => void confirm()}
              disabled={view.busy}
              className="mt-6 inline-flex min-h-11 items-center gap-2 rounded-md bg-gold px-5 font-semibold text-ink disabled:opacity-60"
            >
              {view.busy ? copy.confirming : copy.confirm}
            </button>
          </>
        )}
        {view.kind === 'done' && (
          <p role="status" className="mt-6 text-sand">
            {copy.doneText}
          </p>
        )}
        <p className="mt-10">
          <a href="/console?section=bookings" className="text-gold underline underline-offset-4">
            {copy.openConsole}
          </a>
        </p>
      </main>
    </div>
  );
}
