import { channelVideosJsonLd } from '~/features/videos/channel-videos-json-ld.ts';
import { WatchPage } from '~/features/videos/watch-page.tsx';
import { pageMeta } from '~/lib/seo.ts';

export const meta = () => pageMeta('watch', { jsonLd: channelVideosJsonLd() });

export default function Watch() {
  return <WatchPage />;
}
