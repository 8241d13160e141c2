import { homeSections } from '@content/home.ts';
import type { PageDataOf } from '~/lib/page-data.ts';
import { StaticHtml } from '~/components/layout/static-html.tsx';
import { BackgroundVideo } from '~/components/ui/background-video.tsx';
import { ButtonLink } from '~/components/ui/button.tsx';
import { href } from '~/paths.ts';

/**
 * The hero's two outlined buttons over the video: a darker fill rather than a backdrop blur, which the
 * browser computed again for every frame of the playing video (decision 0039).
 */
const overVideo = 'bg-ink/60';

/**
 * The first screen of /home: background video, the page's h1 and the three main actions. Only the video
 * hydrates; the text and the links stay the prerendered HTML (StaticHtml, decision 0019).
 */
export function HomeHero({ hero }: Pick<PageDataOf<'home'>, 'hero'>) {
  const buttons = homeSections.heroButtons;
  return (
    <section aria-labelledby="home-title" className="relative isolate flex min-h-[100svh] items-center overflow-hidden">
      <div className="absolute inset-0 -z-10">
        <BackgroundVideo video="hero" />
        <div aria-hidden className="absolute inset-0 bg-gradient-to-b from-ink/70 via-ink/40 to-ink" />
      </div>
      <StaticHtml>
        <div className="mx-auto w-full max-w-4xl px-5 pt-28 pb-20 text-center sm:px-8">
          <p className="mb-4 text-xs font-semibold tracking-[0.3em] text-gold uppercase sm:text-sm">{hero.eyebrow}</p>
          <h1 id="home-title" className="text-5xl leading-none font-semibold sm:text-7xl lg:text-8xl">
            {hero.title}
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-cream/90 sm:text-xl">{hero.lead}</p>
          <div className="mt-10 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center sm:gap-4">
            <ButtonLink to={href(buttons.cookbook.to)}>{buttons.cookbook.label}</ButtonLink>
            <ButtonLink to={href(buttons.book.to)} variant="secondary" className={overVideo}>
              {buttons.book.label}
            </ButtonLink>
            <ButtonLink to={href(buttons.watch.to)} variant="secondary" className={overVideo}>
              {buttons.watch.label}
            </ButtonLink>
          </div>
        </div>
      </StaticHtml>
    </section>
  );
}
