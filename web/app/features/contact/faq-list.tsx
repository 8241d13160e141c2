import { ChevronDown } from 'lucide-react';
import { RichText } from '~/components/ui/rich-text.tsx';
import type { PageDataOf } from '~/lib/page-data.ts';
import { cardClass } from '~/features/marketing/index.ts';

/** The FAQ as native disclosure widgets: keyboard- and screen-reader-friendly without script. */
export function FaqList({ items }: { items: PageDataOf<'contact'>['faq']['items'] }) {
  return (
    <div className="mx-auto grid max-w-3xl gap-3">
      {items.map((item) => (
        <details key={item.question} className={`${cardClass} group p-0 open:border-gold/40`}>
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 text-left text-lg font-semibold [&::-webkit-details-marker]:hidden">
            <span>{item.question}</span>
            <ChevronDown
              aria-hidden="true"
              className="size-5 shrink-0 text-gold transition-transform group-open:rotate-180"
            />
          </summary>
          <RichText nodes={item.answer} className="space-y-3 px-5 pb-5 text-sand" />
        </details>
      ))}
    </div>
  );
}
