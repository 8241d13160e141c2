import { Link } from 'react-router';
import { homeSections as home } from '@content/home.ts';
import { Picture } from '~/components/ui/picture.tsx';
import { Section } from '~/features/marketing/section.tsx';
import { href } from '~/paths.ts';

/** The product cards: cookbook (coming soon), soundtrack, seasoning (coming soon). */
export function ProductCards() {
  const { products } = home;
  return (
    <Section copy={{ eyebrow: products.eyebrow, title: products.title }}>
      <ul className="grid gap-6 md:grid-cols-3">
        {products.cards.map((card) => (
          <li
            key={card.name}
            className="group relative flex flex-col overflow-hidden rounded-2xl border border-cream/10 bg-charcoal/90 shadow-lg shadow-black/30"
          >
            <div className="relative flex aspect-[4/3] items-center justify-center overflow-hidden bg-gradient-to-br from-smoke to-ink p-6">
              <Picture
                image={card.image}
                sizes="(min-width: 1152px) 240px, (min-width: 768px) 21vw, 70vw"
                className="block h-full"
                imgClassName="h-full w-auto rounded-lg object-contain shadow-2xl shadow-black/60 transition-transform duration-500 group-hover:scale-105"
              />
              {card.badge && (
                <span className="absolute top-4 left-4 rounded-full bg-gold px-3 py-1 text-xs font-bold tracking-wide text-ink uppercase shadow">
                  {card.badge}
                </span>
              )}
            </div>
            <div className="flex flex-1 flex-col p-6">
              <h3 className="text-xl font-semibold">{card.name}</h3>
              <p className="mt-2 flex-1 text-sand">{card.description}</p>
              <Link
                to={href(card.link.to)}
                className="mt-5 font-semibold text-gold after:absolute after:inset-0 after:content-[''] hover:text-cream"
              >
                {card.link.label}
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
