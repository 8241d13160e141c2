import type { IconName } from '@content/showcase-schema.ts';
import { ShowcaseIcon } from '~/features/marketing/index.ts';

/** Three cards of what a product offers (book features, seasoning benefits). */
export function FeatureCards({ cards }: { cards: { icon: IconName; title: string; description: string }[] }) {
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {cards.map((card) => (
        <li
          key={card.title}
          className="rounded-2xl border border-cream/10 bg-charcoal/80 p-7 text-center shadow-lg shadow-black/20"
        >
          <ShowcaseIcon name={card.icon} className="mx-auto" />
          <h3 className="mt-5 text-xl font-semibold">{card.title}</h3>
          <p className="mt-3 text-sand">{card.description}</p>
        </li>
      ))}
    </ul>
  );
}
