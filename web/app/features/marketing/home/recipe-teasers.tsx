import { ArrowRight, Scale, Users } from 'lucide-react';
import { homeSections as home } from '@content/home.ts';
import { ButtonLink } from '~/components/ui/button.tsx';
import { href } from '~/paths.ts';

/** The community recipes teaser and the recipe scaling teaser, side by side. */
export function RecipeTeasers() {
  const { community, scaling } = home;
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-5 py-8 sm:px-8 md:grid-cols-2">
      <section
        aria-labelledby="community-title"
        className="flex flex-col rounded-3xl border border-cream/10 bg-gradient-to-br from-herb/40 to-charcoal/95 p-8 shadow-xl shadow-black/30"
      >
        <Users aria-hidden className="size-9 text-gold" />
        <p className="mt-5 text-xs font-semibold tracking-[0.25em] text-gold uppercase">{community.eyebrow}</p>
        <h2 id="community-title" className="mt-2 text-2xl font-semibold sm:text-3xl">
          {community.title}
        </h2>
        <p className="mt-4 flex-1 text-sand">{community.text}</p>
        <ButtonLink to={href(community.link.to)} className="mt-8 self-start">
          {community.link.label}
          <ArrowRight aria-hidden className="size-4" />
        </ButtonLink>
      </section>
      <section
        aria-labelledby="scaling-title"
        className="flex flex-col rounded-3xl border border-cream/10 bg-gradient-to-br from-tomato/30 to-charcoal/95 p-8 shadow-xl shadow-black/30"
      >
        <Scale aria-hidden className="size-9 text-gold" />
        <p className="mt-5 text-xs font-semibold tracking-[0.25em] text-gold uppercase">{scaling.eyebrow}</p>
        <h2 id="scaling-title" className="mt-2 text-2xl font-semibold sm:text-3xl">
          {scaling.title}
        </h2>
        <p className="mt-4 text-sand">{scaling.text}</p>
        <dl className="mt-6 grid grid-cols-3 gap-2 text-center">
          {scaling.example.map((row) => (
            <div key={row.servings} className="rounded-xl bg-ink/50 px-2 py-3">
              <dt className="text-xs tracking-wide text-muted uppercase">{row.servings} servings</dt>
              <dd className="mt-1 font-display text-lg font-semibold text-cream">{row.quantity}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-2 text-center text-xs text-muted">{scaling.ingredient}</p>
        <ButtonLink to={href(scaling.link.to)} className="mt-8 self-start">
          {scaling.link.label}
          <ArrowRight aria-hidden className="size-4" />
        </ButtonLink>
      </section>
    </div>
  );
}
