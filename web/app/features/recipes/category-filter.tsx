import { cn } from '~/lib/cn.ts';

/**
 * Recipe filter: toggle buttons (`aria-pressed`), exactly one pressed at a time.
 */
export function CategoryFilter<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap justify-center gap-2 sm:gap-3">
      {options.map((option) => {
        const pressed = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(option.value)}
            className={cn(
              'min-h-11 rounded-full border px-4 py-2 text-sm font-semibold can-hover:transition-colors sm:px-5',
              pressed
                ? 'border-gold bg-gold text-ink'
                : 'border-cream/25 bg-ink/60 text-cream hover:border-gold hover:text-gold',
            )}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
