import { HOME_VIDEO_COUNT, HomePage } from '~/features/marketing/home/home-page.tsx';
import { previewOr } from '~/features/preview/index.ts';
import { channelVideosJsonLd } from '~/features/videos/channel-videos-json-ld.ts';
import { pageData } from '~/lib/page-data.ts';
import { siteContentFor } from '~/lib/site-content.server.ts';
import { pageMeta } from '~/lib/seo.ts';
import { businessJsonLd } from '~/lib/structured-data.ts';
import { brandOf, type MetaMatches } from '~/lib/brand.ts';
import { paymentQrData } from '~/features/payment/payment-qr.server.ts';
import type { Route } from './+types/home';

/**
 * The hero's and the intro's words are published content: this page's data (docs/site-editing.md); so is
 * the payment teaser's QR code of the published payment link (not in a preview, which has no QR library).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const content = await siteContentFor(context);
  return { ...pageData.home(content), paymentQr: await paymentQrData(content.brand.paymentUrl) };
}
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => previewOr('home', serverLoader);

export const meta = ({ matches }: { matches: MetaMatches }) =>
  pageMeta('home', { jsonLd: [businessJsonLd(brandOf(matches)), ...channelVideosJsonLd(HOME_VIDEO_COUNT)] });

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomePage {...loaderData} />;
}
