import { BookingCta } from './booking-cta.tsx';
import { OfferCards } from './offer-cards.tsx';
import { PaymentTeaser } from './payment-teaser.tsx';
import { ProductCards } from './product-cards.tsx';
import { RecipeTeasers } from './recipe-teasers.tsx';

export { MeetTheChef } from './meet-the-chef.tsx';

/**
 * /home's sections below the latest videos (and, as `MeetTheChef`, the one above them): nothing in them runs in the browser. A page loaded on
 * /home keeps their prerendered HTML (StaticHtml) and never loads this module; it is fetched only
 * when the visitor comes to /home from another page of the site (home-page.tsx).
 */
export default function HomeStaticSections() {
  return (
    <>
      <OfferCards />
      <ProductCards />
      <RecipeTeasers />
      <PaymentTeaser />
      <BookingCta />
    </>
  );
}
