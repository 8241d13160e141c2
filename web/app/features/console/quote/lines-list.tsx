import { formatMoney } from '@content/quotes.ts';
import type { QuoteLine } from '../console-api.ts';
import { UNIT_LABEL } from './parts.ts';

export type LineRow = Pick<QuoteLine, 'id' | 'description' | 'unit' | 'unit_cents' | 'quantity' | 'amount_cents'>;

/** A quote's lines; with `onDelete`, each can be removed (a draft's). */
export function LinesList({
  currency,
  lines,
  onDelete,
  busy,
}: {
  currency: string;
  lines: LineRow[];
  onDelete?: (id: string) => void;
  busy?: boolean;
}) {
  if (lines.length === 0) return null;
  return (
    <ul aria-label="Quote lines" className="mt-2 grid gap-1 text-sm">
      {lines.map((l) => (
        <li key={l.id} className="flex items-center justify-between gap-2 rounded-lg bg-ink/50 px-3 py-1.5">
          <span className="min-w-0 break-words">
            {l.description} — {l.quantity} × {formatMoney(l.unit_cents, currency)} {UNIT_LABEL[l.unit]} ={' '}
            {formatMoney(l.amount_cents, currency)}
          </span>
          {onDelete && (
            <button
              type="button"
              className="min-h-11 shrink-0 p-2 text-xs text-red-200 underline disabled:opacity-50"
              disabled={busy}
              onClick={() => onDelete(l.id)}
            >
              Remove<span className="sr-only"> {l.description}</span>
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
