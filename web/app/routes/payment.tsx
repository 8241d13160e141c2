import { PaymentPage } from '~/features/payment/payment-page.tsx';
import { pageMeta } from '~/lib/seo.ts';

export const meta = () => pageMeta('payment');

export default function Page() {
  return <PaymentPage />;
}
