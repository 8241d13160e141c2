import { useId } from 'react';
import type { SectionCopy } from '@content/marketing-schema.ts';
import { cn } from '~/lib/cn.ts';

/**
 * A page section with its h2 (and optional eyebrow and lead), labelled by its heading so it is a
 * named region for assistive technology.
 */
export function Section({
  copy,
  children,
  className,
  align = 'center',
}: {
  copy: SectionCopy;
  children: React.ReactNode;
  className?: string;
  align?: 'center' | 'left';
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={cn('mx-auto w-full max-w-6xl px-5 py-14 sm:px-6 sm:py-20', className)}>
      <div className={cn('mb-10 max-w-2xl', align === 'center' && 'mx-auto text-center')}>
        {copy.eyebrow && (
          <p className="mb-2 text-sm font-semibold tracking-[0.2em] text-gold uppercase">{copy.eyebrow}</p>
        )}
        <h2 id={id} className="text-3xl leading-tight font-semibold sm:text-4xl">
          {copy.title}
        </h2>
        {copy.lead && <p className="mt-4 text-base text-sand sm:text-lg">{copy.lead}</p>}
      </div>
      {children}
    </section>
  );
}

/** The card surface used across the marketing pages: readable over a faded background. */
export const cardClass = 'rounded-2xl border border-cream/10 bg-charcoal/85 shadow-xl shadow-black/20 backdrop-blur-sm';
