import type { ChannelVideo } from '@content/showcase-schema.ts';
import { VideoCard } from './video-card.tsx';

/** Our own list of the channel's videos (shown when no channel widget is configured). */
export function VideoGrid({ videos }: { videos: ChannelVideo[] }) {
  return (
    <ul aria-label="Latest videos" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {videos.map((video) => (
        <li key={video.id}>
          <VideoCard video={video} />
        </li>
      ))}
    </ul>
  );
}
