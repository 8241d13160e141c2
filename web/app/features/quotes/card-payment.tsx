import { CreditCard } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cardPayment as copy } from '@content/card-payment.ts';
import { keepTokenForCardReturn } from '~/lib/fragment-token.ts';
import { backendSettings } from '~/lib/supabase.ts';

/**
 * "Pay by card" on the client's quote page, once the quote is accepted: shown only when the backend
 * takes cards (GET /functions/v1/stripe-checkout answers 200: Stripe's keys are set; the local server
 * and the hosted Edge Function answer alike). The press posts the link's token; the backend makes a
 * Stripe Checkout Session for what the database says is due and answers its address, where the
 * page goes. The amount never comes from here. Back from Stripe (/quote?card=paid|cancelled) it
 * says how it went; the payment itself is recorded by Stripe's signed webhook.
 */
type State = { kind: 'checking' | 'off' | 'ready' | 'starting' } | { kind: 'failed'; message: string };

const functionUrl = () => `${backendSettings().url.replace(/\/+$/, '')}/functions/v1/stripe-checkout`;

export function CardPayment({ token }: { token: string }) {
  const [state, setState] = useState<State>({ kind: 'checking' });
  const [returned] = useState(() => new URLSearchParams(window.location.search).get('card'));

  useEffect(() => {
    let live = true;
    fetch(functionUrl())
      .then(
        async (res) =>
          live &&
          setState({ kind: res.ok && ((await res.json()) as { card?: boolean }).card === true ? 'ready' : 'off' }),
      )
      .catch(() => live && setState({ kind: 'off' }));
    return () => {
      live = false;
    };
  }, []);

  async function pay() {
    setState({ kind: 'starting' });
    try {
      const res = await fetch(functionUrl(), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      });
      const body = (await res.json().catch(() => ({}))) as { url?: string; message?: string };
      if (!res.ok || !body.url) return setState({ kind: 'failed', message: body.message ?? copy.failed });
      keepTokenForCardReturn(token);
      window.location.assign(body.url);
    } catch {
      setState({ kind: 'failed', message: copy.failed });
    }
  }

  if (state.kind === 'checking' || state.kind === 'off') return null;
  return (
    <div className="mt-4 flex flex-col items-center gap-2 text-center">
      {returned === 'paid' && (
        <p role="status" className="text-cream">
          {copy.paid}
        </p>
      )}
      {returned === 'cancelled' && (
        <p role="status" className="text-sand">
          {copy.cancelled}
        </p>
      )}
      {returned !== 'paid' && (
        <>
          <button
            type="button"
            onClick={() => void pay()}
            disabled={state.kind === 'starting'}
            className="inline-flex min-h-11 items-center gap-2 rounded-full bg-gold px-6 py-2.5 font-semibold text-ink disabled:opacity-70"
          >
            <CreditCard aria-hidden="true" className="size-4" />
            {state.kind === 'starting' ? copy.starting : copy.button}
          </button>
          <p className="text-sm text-sand">{copy.note}</p>
        </>
      )}
      {state.kind === 'failed' && (
        <p role="alert" className="text-sm text-cream">
          {state.message}
        </p>
      )}
    </div>
  );
}
