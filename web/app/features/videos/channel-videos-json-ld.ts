import type { ChannelVideo } from '@content/showcase-schema.ts';
import { site } from '@content/site.ts';
import { channelVideos } from '@content/videos.ts';
import { videoJsonLd, type JsonLd } from '~/lib/structured-data.ts';

/**
 * VideoObjects for the channel's video cards, on the pages that show them (/home, /watch). When the
 * third-party widget is configured the cards are not shown, and neither is this data.
 */
export function channelVideosJsonLd(limit?: number): JsonLd[] {
  if (site.channelWidgetId) return [];
  return channelVideos.slice(0, limit).map((video: ChannelVideo) =>
    videoJsonLd({
      title: video.title,
      description: video.description,
      thumbnail: video.thumbnail,
      uploadDate: video.published,
      duration: video.duration,
      youtubeId: video.youtubeId || undefined,
    }),
  );
}
