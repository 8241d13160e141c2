import { Minus, Plus, RotateCcw } from 'lucide-react';
import { useId, type CSSProperties } from 'react';
import { MAX_SERVINGS, MIN_SERVINGS } from '@content/recipe-schema.ts';
import { cn } from '~/lib/cn.ts';

const clamp = (n: number) => Math.min(MAX_SERVINGS, Math.max(MIN_SERVINGS, Math.round(n)));

const roundButton =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-full border border-cream/30 text-cream can-hover:transition-colors hover:border-gold hover:text-gold disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:border-cream/30 disabled:hover:text-cream';

/**
 * Servings adjuster: minus and plus buttons (exactly one serving each) and a slider,
 * 1 to 24, step 1. Controlled: the page keeps the servings and scales from the original.
 */
export function ServingsAdjuster({
  label,
  value,
  original,
  onChange,
}: {
  label: string;
  value: number;
  original: number;
  onChange: (servings: number) => void;
}) {
  const labelId = useId();
  const set = (n: number) => onChange(clamp(n));
  const servingsText = (n: number) => `${n} ${n === 1 ? 'serving' : 'servings'}`;
  return (
    <div role="group" aria-labelledby={labelId} className="rounded-2xl border border-cream/10 bg-smoke/70 p-5 sm:p-6">
      <div className="flex items-center justify-between gap-4">
        <h2 id={labelId} className="text-xl font-semibold">
          {label}
        </h2>
        {/* Always laid out, shown once the servings differ: the first tap on plus or minus then changes one
            class, and the row keeps its height, so the buttons and the slider do not move under the finger. */}
        <button
          type="button"
          onClick={() => set(original)}
          className={cn(
            'inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm text-sand underline-offset-4 hover:text-gold hover:underline',
            value === original && 'invisible',
          )}
        >
          <RotateCcw aria-hidden="true" className="size-4" />
          Reset to {original}
        </button>
      </div>
      <div className="mt-4 flex items-center gap-4">
        <button
          type="button"
          className={roundButton}
          aria-label="Remove one serving"
          disabled={value <= MIN_SERVINGS}
          onClick={() => set(value - 1)}
        >
          <Minus aria-hidden="true" className="size-5" />
        </button>
        <output
          aria-live="polite"
          className="min-w-28 flex-1 text-center font-display text-3xl font-semibold tabular-nums"
        >
          {servingsText(value)}
        </output>
        <button
          type="button"
          className={roundButton}
          aria-label="Add one serving"
          disabled={value >= MAX_SERVINGS}
          onClick={() => set(value + 1)}
        >
          <Plus aria-hidden="true" className="size-5" />
        </button>
      </div>
      {/* The platform's own slider: arrows, Home, End, dragging and the slider role come with it, and it
          renders as one element (docs/decisions/0046-the-servings-slider-is-the-native-range.md). */}
      <input
        type="range"
        min={MIN_SERVINGS}
        max={MAX_SERVINGS}
        step={1}
        value={value}
        onChange={(event) => set(Number(event.currentTarget.value))}
        aria-label={label}
        aria-valuetext={servingsText(value)}
        className="servings-range mt-6 block h-11 w-full"
        style={{ '--fill': (value - MIN_SERVINGS) / (MAX_SERVINGS - MIN_SERVINGS) } as CSSProperties}
      />
      <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-muted">
        <span>{MIN_SERVINGS}</span>
        <span>{MAX_SERVINGS}</span>
      </div>
    </div>
  );
}
