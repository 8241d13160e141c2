import { useCallback, useState } from 'react';
import { cn } from '~/lib/cn.ts';

/**
 * What an action in the quote editor said, shown beside the button that was tapped (issue 37: on a
 * phone, a message 2,000 px above the button is never seen). One message at a time: each place has
 * a live region of its own, and only the place that acted shows the words.
 */
export type Place = 'draft' | 'lines' | 'quote' | 'payments';
export interface Notice {
  at: Place;
  text: string;
  error: boolean;
}
export type Say = (at: Place, text: string, error?: boolean) => void;

export function useFeedback(): { notice: Notice | null; say: Say } {
  const [notice, setNotice] = useState<Notice | null>(null);
  const say = useCallback<Say>((at, text, error = false) => setNotice({ at, text, error }), []);
  return { notice, say };
}

export function Feedback({ at, notice, className }: { at: Place; notice: Notice | null; className?: string }) {
  const mine = notice?.at === at ? notice : null;
  return (
    <p
      role="status"
      className={cn('min-h-5 text-sm font-semibold', mine?.error ? 'text-red-300' : 'text-green-200', className)}
    >
      {mine?.text}
    </p>
  );
}
