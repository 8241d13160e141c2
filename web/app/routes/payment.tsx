import { PaymentPage } from '~/features/payment/payment-page.tsx';
import { paymentQrData } from '~/features/payment/payment-qr.server.ts';
import { siteContentFor } from '~/lib/site-content.server.ts';
import { pageMeta } from '~/lib/seo.ts';
import type { Route } from './+types/payment';

/** The QR code of the published payment link: this page's data (docs/site-editing.md). */
export async function loader({ context }: Route.LoaderArgs) {
  const { brand } = await siteContentFor(context);
  return { paymentQr: await paymentQrData(brand.paymentUrl) };
}

export const meta = () => pageMeta('payment');

export default function Page() {
  return <PaymentPage />;
}
