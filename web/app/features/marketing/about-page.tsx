import { aboutCta as cta } from '@content/about.ts';
import { PageBackground } from '~/components/layout/page-background.tsx';
import { PageHeading } from '~/components/ui/page-heading.tsx';
import { Picture } from '~/components/ui/picture.tsx';
import { RichText } from '~/components/ui/rich-text.tsx';
import type { PageDataOf } from '~/lib/page-data.ts';
import { CtaBand } from './cta-band.tsx';
import { MarketingIcon } from './marketing-icon.tsx';
import { Section, cardClass } from './section.tsx';

/** /about: the chef's story, philosophy cards and the four values (published content), and where to go next. */
export function AboutPage({ heading, story, philosophy, values }: PageDataOf<'about'>) {
  return (
    <>
      <PageBackground image="bgAbout" opacity="faint" />
      <PageHeading eyebrow={heading.eyebrow} title={heading.title} lead={heading.lead} />
      <section
        aria-labelledby="about-story"
        className="mx-auto grid w-full max-w-6xl items-center gap-10 px-5 sm:px-6 md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]"
      >
        <div className="relative mx-auto w-full max-w-md">
          <div aria-hidden="true" className="absolute -inset-2 -rotate-2 rounded-3xl bg-gold/20 sm:-inset-3" />
          <Picture
            image="chefPortrait"
            sizes="(min-width: 768px) 420px, 90vw"
            priority
            className="relative block"
            imgClassName="aspect-[4/5] w-full rounded-3xl object-cover shadow-2xl"
          />
        </div>
        <div>
          <h2 id="about-story" className="text-3xl font-semibold sm:text-4xl">
            {story.title}
          </h2>
          <RichText
            nodes={story.paragraphs}
            className="text-lg leading-relaxed text-sand [&>*]:mt-5 [&_ol,&_ul]:mt-2"
          />
          <p className="mt-6 font-display text-2xl text-gold italic">{story.signature}</p>
        </div>
      </section>
      <Section copy={philosophy}>
        <div className="grid items-center gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <ul className="grid gap-5 sm:grid-cols-3 lg:grid-cols-1">
            {philosophy.cards.map((card) => (
              <li key={card.title} className={`${cardClass} flex flex-col gap-4 p-6 lg:flex-row`}>
                <MarketingIcon name={card.icon} />
                <div>
                  <h3 className="text-xl font-semibold">{card.title}</h3>
                  <p className="mt-2 text-sand">{card.description}</p>
                </div>
              </li>
            ))}
          </ul>
          <Picture
            image="chefCooking"
            sizes="(min-width: 1024px) 360px, 90vw"
            className="hidden lg:block"
            imgClassName="aspect-[3/4] w-full rounded-3xl object-cover shadow-2xl"
          />
        </div>
      </Section>
      <Section copy={values}>
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {values.items.map((value) => (
            <li key={value.title} className={`${cardClass} p-6 text-center`}>
              <MarketingIcon name={value.icon} className="mx-auto size-14" />
              <h3 className="mt-4 text-xl font-semibold">{value.title}</h3>
              <p className="mt-2 text-sand">{value.description}</p>
            </li>
          ))}
        </ul>
      </Section>
      <CtaBand copy={cta} links={cta.links} />
    </>
  );
}
