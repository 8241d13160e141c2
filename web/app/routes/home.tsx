import { HOME_VIDEO_COUNT, HomePage } from '~/features/marketing/home/home-page.tsx';
import { channelVideosJsonLd } from '~/features/videos/channel-videos-json-ld.ts';
import { pageMeta } from '~/lib/seo.ts';
import { businessJsonLd } from '~/lib/structured-data.ts';
import { brandOf, type MetaMatches } from '~/lib/brand.ts';

export const meta = ({ matches }: { matches: MetaMatches }) =>
  pageMeta('home', { jsonLd: [businessJsonLd(brandOf(matches)), ...channelVideosJsonLd(HOME_VIDEO_COUNT)] });

export default function Home() {
  return <HomePage />;
}
