import { cookbook } from '@content/products.ts';
import { Section } from '~/features/marketing/index.ts';
import { ClosingCta } from './closing-cta.tsx';
import { FeatureCards } from './feature-cards.tsx';
import { PhotoGrid } from './photo-grid.tsx';
import { PlaceholderButton } from './placeholder-button.tsx';
import { ProductHero } from './product-hero.tsx';

/** /cooking-book (SPEC §2): hero, Inside the Book, sneak peek and the pre-order call to action. */
export function CookbookPage() {
  const { hero, inside, peek, cta } = cookbook;
  return (
    <>
      <ProductHero {...hero}>
        <PlaceholderButton toast={cookbook.toast}>{cookbook.preorderButton}</PlaceholderButton>
        <span className="rounded-full border border-gold/50 bg-gold/10 px-4 py-2 text-sm font-semibold tracking-wide text-gold">
          {cookbook.comingSoonLabel}
        </span>
      </ProductHero>
      <Section copy={{ title: inside.title, lead: inside.lead }}>
        <FeatureCards cards={inside.features} />
      </Section>
      <Section copy={{ title: peek.title, lead: peek.lead }}>
        <PhotoGrid images={peek.images} />
      </Section>
      <ClosingCta id="preorder" title={cta.title} text={cta.text}>
        <PlaceholderButton toast={cookbook.toast}>{cta.button}</PlaceholderButton>
      </ClosingCta>
    </>
  );
}
