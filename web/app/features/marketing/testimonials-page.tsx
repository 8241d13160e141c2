import { Quote, Star } from 'lucide-react';
import { testimonialsHeading as heading } from '@content/testimonials.ts';
import { PageHeading } from '~/components/ui/page-heading.tsx';
import { ChefPicture } from '~/components/ui/chef-photo.tsx';
import type { PageDataOf } from '~/lib/page-data.ts';
import { cardClass } from './section.tsx';

/** An accessible star rating: read as "Rated N out of 5", drawn as five stars. */
export function StarRating({ rating, max = 5 }: { rating: number; max?: number }) {
  return (
    <p role="img" aria-label={`Rated ${rating} out of ${max}`} className="flex gap-1 text-gold">
      {Array.from({ length: max }, (_, i) => (
        <Star
          key={i}
          aria-hidden="true"
          className="size-5"
          fill={i < rating ? 'currentColor' : 'none'}
          strokeWidth={1.5}
        />
      ))}
    </p>
  );
}

/** /testimonials: the chef's shown testimonials, in the chef's order, in two columns (one on phones). */
export function TestimonialsPage({ testimonials }: PageDataOf<'testimonials'>) {
  return (
    <>
      <PageHeading eyebrow={heading.eyebrow} title={heading.title} lead={heading.lead} />
      <ul className="mx-auto grid w-full max-w-5xl gap-6 px-5 pb-20 sm:px-6 md:grid-cols-2">
        {testimonials.map((t, i) => (
          <li key={t.id} className={`${cardClass} flex flex-col p-6 sm:p-8`}>
            <figure className="flex h-full flex-col">
              <Quote aria-hidden="true" className="size-9 text-gold/60" />
              <StarRating rating={t.rating} />
              <blockquote className="mt-4 flex-1 text-lg leading-relaxed text-cream">
                <p>&ldquo;{t.quote}&rdquo;</p>
              </blockquote>
              <figcaption className="mt-6 flex items-center gap-4 border-t border-cream/10 pt-5">
                <ChefPicture
                  photo={t}
                  sizes="64px"
                  priority={i === 0}
                  className="block size-16 shrink-0"
                  imgClassName="size-16 rounded-full object-cover ring-2 ring-gold/50"
                />
                <span>
                  <span className="block font-display text-lg font-semibold">{t.name}</span>
                  <span className="block text-sm text-sand">{t.title}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </>
  );
}
