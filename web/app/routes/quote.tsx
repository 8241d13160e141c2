import { paymentQrData } from '~/features/payment/payment-qr.server.ts';
import { QuotePage } from '~/features/quotes/quote-page.tsx';
import { siteContentFor } from '~/lib/site-content.server.ts';
import type { Route } from './+types/quote';

/** The pay step's QR code of the published payment link, made while the page is prerendered. */
export async function loader({ context }: Route.LoaderArgs) {
  const { brand } = await siteContentFor(context);
  return { paymentQr: await paymentQrData(brand.paymentUrl) };
}

/** Where the client's quote e-mail leads: built in the browser only, never indexed. */
export const meta = () => [
  { title: 'Your quote' },
  { name: 'robots', content: 'noindex, nofollow' },
  { name: 'referrer', content: 'no-referrer' },
];

export default function Quote() {
  return <QuotePage />;
}
