import { home } from '@content/home.ts';
import { PageBackground } from '~/components/layout/page-background.tsx';
import { StaticHtml } from '~/components/layout/static-html.tsx';
import { ButtonLink } from '~/components/ui/button.tsx';
import { Section } from '~/features/marketing/section.tsx';
import { LatestVideos } from '~/features/videos/index.ts';
import { href } from '~/paths.ts';
import { BookingCta } from './booking-cta.tsx';
import { HomeHero } from './home-hero.tsx';
import { MeetTheChef } from './meet-the-chef.tsx';
import { OfferCards } from './offer-cards.tsx';
import { PaymentTeaser } from './payment-teaser.tsx';
import { ProductCards } from './product-cards.tsx';
import { RecipeTeasers } from './recipe-teasers.tsx';

/** How many of the channel's latest videos /home shows (its head describes the same ones). */
export const HOME_VIDEO_COUNT = 3;

/**
 * /home, section by section. Only the hero (its background video) and the latest videos (their
 * players) hydrate; the other sections stay the prerendered HTML (StaticHtml, decision 0019).
 */
export function HomePage() {
  const { latestVideos } = home;
  return (
    <>
      <StaticHtml>
        <PageBackground image="bgHome" opacity="full" />
      </StaticHtml>
      <HomeHero />
      <StaticHtml>
        <MeetTheChef />
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
        <OfferCards />
        <ProductCards />
        <RecipeTeasers />
        <PaymentTeaser />
        <BookingCta />
      </StaticHtml>
    </>
  );
}
