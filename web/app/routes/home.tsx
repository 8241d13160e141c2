import { HOME_VIDEO_COUNT, HomePage } from '~/features/marketing/home/home-page.tsx';
import { channelVideosJsonLd } from '~/features/videos/channel-videos-json-ld.ts';
import { pageMeta } from '~/lib/seo.ts';
import { businessJsonLd } from '~/lib/structured-data.ts';
import { brandOf, type MetaMatches } from '~/lib/brand.ts';
import { paymentQrData } from '~/features/payment/payment-qr.server.ts';
import { siteContentFor } from '~/lib/site-content.server.ts';
import type { Route } from './+types/home';

/** The payment teaser's QR code of the published payment link (docs/site-editing.md). */
export async function loader({ context }: Route.LoaderArgs) {
  const { brand } = await siteContentFor(context);
  return { paymentQr: await paymentQrData(brand.paymentUrl) };
}

export const meta = ({ matches }: { matches: MetaMatches }) =>
  pageMeta('home', { jsonLd: [businessJsonLd(brandOf(matches)), ...channelVideosJsonLd(HOME_VIDEO_COUNT)] });

export default function Home() {
  return <HomePage />;
}
