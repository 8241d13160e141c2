import { seasoning } from '@content/products.ts';
import { PageBackground } from '~/components/layout/page-background.tsx';
import { Section } from '~/features/marketing/index.ts';
import { ClosingCta } from './closing-cta.tsx';
import { FeatureCards } from './feature-cards.tsx';
import { PhotoGrid } from './photo-grid.tsx';
import { PlaceholderButton } from './placeholder-button.tsx';
import { ProductHero } from './product-hero.tsx';

/** /feva-seasoning (SPEC §2): hero, three benefits, four pictures in use, order call to action. */
export function SeasoningPage() {
  const { hero, benefits, gallery, cta } = seasoning;
  return (
    <>
      <PageBackground image="bgSeasoning" opacity="soft" />
      <ProductHero {...hero}>
        <PlaceholderButton toast={seasoning.toast}>{seasoning.orderButton}</PlaceholderButton>
      </ProductHero>
      <Section copy={{ title: benefits.title, lead: benefits.lead }}>
        <FeatureCards cards={benefits.cards} />
      </Section>
      <Section copy={{ title: gallery.title, lead: gallery.lead }}>
        <PhotoGrid images={gallery.images} />
      </Section>
      <ClosingCta id="order" title={cta.title} text={cta.text}>
        <PlaceholderButton toast={seasoning.toast}>{cta.button}</PlaceholderButton>
      </ClosingCta>
    </>
  );
}
