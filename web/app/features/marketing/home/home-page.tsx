import { lazy, type ComponentType } from 'react';
import { homeSections } from '@content/home.ts';
import type { PageDataOf } from '~/lib/page-data.ts';
import { PageBackground } from '~/components/layout/page-background.tsx';
import { StaticHtml } from '~/components/layout/static-html.tsx';
import { ButtonLink } from '~/components/ui/button.tsx';
import { Section } from '~/features/marketing/section.tsx';
import { LatestVideos } from '~/features/videos/index.ts';
import { href } from '~/paths.ts';
import { HomeHero } from './home-hero.tsx';

// Rendered only by the prerender and after a navigation inside the site: a page loaded on /home
// keeps these sections' HTML (StaticHtml) and never asks for this module, so its code (and the
// payment QR's) is not among the scripts /home loads before any interaction. The prerender loads it
// before rendering and hands it to React.lazy already resolved, so nothing suspends there and the
// HTML holds the sections themselves, not a streaming placeholder (entry.server.tsx). No Suspense
// boundary of its own: in the browser it is asked for only during a navigation, which React Router
// runs in a transition, so the page the visitor leaves stays until the module is there.
type StaticSections = typeof import('./home-static-sections.tsx');
let loaded: StaticSections | undefined;
const load = () => import('./home-static-sections.tsx').then((m) => (loaded = m));
if (import.meta.env.SSR) await load();
function fromStaticSections<P extends object>(pick: (m: StaticSections) => ComponentType<P>) {
  type Loaded = { default: ComponentType<P> };
  return lazy(() =>
    loaded
      ? ({ then: (resolve: (m: Loaded) => void) => resolve({ default: pick(loaded!) }) } as Promise<Loaded>)
      : load().then((m) => ({ default: pick(m) })),
  );
}
const HomeStaticSections = fromStaticSections((m) => m.default);
// Meet the chef too (with the rich-text renderer of its paragraphs): it also stays its prerendered HTML.
const MeetTheChef = fromStaticSections((m) => m.MeetTheChef);

/** How many of the channel's latest videos /home shows (its head describes the same ones). */
export const HOME_VIDEO_COUNT = 3;

/**
 * /home, section by section. Only the hero (its background video) and the latest videos (their
 * players) hydrate; the other sections stay the prerendered HTML (StaticHtml, decision 0019).
 */
export function HomePage({ hero, intro }: PageDataOf<'home'>) {
  const { latestVideos } = homeSections;
  return (
    <>
      <StaticHtml>
        <PageBackground image="bgHome" opacity="full" />
      </StaticHtml>
      <HomeHero hero={hero} />
      <StaticHtml>
        <MeetTheChef intro={intro} />
      </StaticHtml>
      <Section copy={{ eyebrow: latestVideos.eyebrow, title: latestVideos.title, lead: latestVideos.text }}>
        <LatestVideos limit={HOME_VIDEO_COUNT} />
        <div className="mt-10 flex justify-center">
          <ButtonLink to={href(latestVideos.link.to)} variant="secondary">
            {latestVideos.link.label}
          </ButtonLink>
        </div>
      </Section>
      <StaticHtml>
        <HomeStaticSections />
      </StaticHtml>
    </>
  );
}
