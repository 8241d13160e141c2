import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { homeSections as home } from '@content/home.ts';
import { ShowcaseIcon } from '~/features/marketing/showcase-icon.tsx';
import { Section } from '~/features/marketing/section.tsx';
import { href } from '~/paths.ts';

/** The four offers: cookbook, private cooking & catering, soundtrack, seasoning. */
export function OfferCards() {
  const { offers } = home;
  return (
    <Section copy={{ eyebrow: offers.eyebrow, title: offers.title }}>
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {offers.cards.map((card) => (
          <li
            key={card.title}
            className="flex flex-col rounded-2xl border border-cream/10 bg-charcoal/85 p-6 shadow-lg shadow-black/30 backdrop-blur"
          >
            <ShowcaseIcon name={card.icon} />
            <h3 className="mt-5 text-xl font-semibold">{card.title}</h3>
            <p className="mt-3 flex-1 text-sand">{card.description}</p>
            <Link
              to={href(card.link.to)}
              className="mt-6 inline-flex items-center gap-2 font-semibold text-gold hover:text-cream"
            >
              {card.link.label}
              <ArrowRight aria-hidden className="size-4" />
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}
