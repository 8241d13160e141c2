import { HOME_VIDEO_COUNT, HomePage } from '~/features/marketing/home/home-page.tsx';
import { channelVideosJsonLd } from '~/features/videos/channel-videos-json-ld.ts';
import { pageMeta } from '~/lib/seo.ts';
import { businessJsonLd } from '~/lib/structured-data.ts';

export const meta = () => pageMeta('home', { jsonLd: [businessJsonLd(), ...channelVideosJsonLd(HOME_VIDEO_COUNT)] });

export default function Home() {
  return <HomePage />;
}
