import { ArrowRight } from 'lucide-react';
import { homeSections } from '@content/home.ts';
import { RichText } from '~/components/ui/rich-text.tsx';
import type { PageDataOf } from '~/lib/page-data.ts';
import { Picture } from '~/components/ui/picture.tsx';
import { ButtonLink } from '~/components/ui/button.tsx';
import { href } from '~/paths.ts';

/** Meet the chef (its words are the chef's published text), leading to /about. */
export function MeetTheChef({ intro }: Pick<PageDataOf<'home'>, 'intro'>) {
  const link = homeSections.meetChefLink;
  return (
    <section
      aria-labelledby="meet-chef-title"
      className="mx-auto grid w-full max-w-6xl items-center gap-10 px-5 py-16 sm:px-8 sm:py-24 md:grid-cols-2 md:gap-16"
    >
      <Picture
        image="chefPortrait"
        sizes="(min-width: 1152px) 520px, (min-width: 768px) 45vw, 100vw"
        className="block"
        imgClassName="aspect-[4/5] w-full rounded-3xl object-cover shadow-2xl shadow-black/50 ring-1 ring-cream/10"
      />
      <div>
        <p className="mb-3 text-xs font-semibold tracking-[0.25em] text-gold uppercase">{intro.eyebrow}</p>
        <h2 id="meet-chef-title" className="text-3xl leading-tight font-semibold sm:text-4xl">
          {intro.title}
        </h2>
        <RichText nodes={intro.paragraphs} className="mt-5 space-y-4 text-lg text-sand" />
        <ButtonLink to={href(link.to)} variant="secondary" className="mt-8">
          {link.label}
          <ArrowRight aria-hidden className="size-4" />
        </ButtonLink>
      </div>
    </section>
  );
}
