import { useId, useState } from 'react';
import { getSupabase } from '~/lib/supabase.ts';
import { toast } from '~/components/ui/toast-store.ts';
import { dangerSmallButton, smallButton } from './buttons.ts';

/**
 * Removes a booking request as spam: gone from the console with its history, quotes and confirm
 * link, and nobody is mailed (public.remove_booking_as_spam; declining would write to the address
 * the spam carried: issue 38, F2). Asked twice, since it cannot be undone. Not offered for a
 * confirmed or completed booking, which is cancelled instead.
 */
export function SpamRemoval({ bookingId, onRemoved }: { bookingId: string; onRemoved: () => void }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();

  const remove = async () => {
    setBusy(true);
    setProblem(null);
    const supabase = await getSupabase();
    const r = await supabase.rpc('remove_booking_as_spam', { booking_id: bookingId });
    setBusy(false);
    if (r.error) return setProblem(`The request was not removed: ${r.error.message}`);
    toast({ title: 'Removed as spam', description: 'Nobody was e-mailed.' });
    onRemoved();
  };

  return (
    <section aria-labelledby={`${id}-spam`} className="mt-4 rounded-xl border border-red-300/30 p-4">
      <h3 id={`${id}-spam`} className="text-base font-semibold text-cream">
        Spam?
      </h3>
      <p className="text-xs text-muted">Removes this request without e-mailing anyone. It cannot be undone.</p>
      {asking ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" className={dangerSmallButton} disabled={busy} onClick={() => void remove()}>
            Yes, remove without e-mailing
          </button>
          <button type="button" className={smallButton} disabled={busy} onClick={() => setAsking(false)}>
            Keep it
          </button>
        </div>
      ) : (
        <button type="button" className={`${dangerSmallButton} mt-3`} onClick={() => setAsking(true)}>
          Remove as spam
        </button>
      )}
      {problem && (
        <p role="alert" className="mt-2 text-sm text-red-300">
          {problem}
        </p>
      )}
    </section>
  );
}
