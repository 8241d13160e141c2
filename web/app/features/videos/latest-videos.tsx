import { site } from '@content/site.ts';
import { channelVideos } from '@content/videos.ts';
import { ChannelWidget } from './channel-widget.tsx';
import { VideoGrid } from './video-grid.tsx';

/**
 * The channel's latest videos: the third-party widget when its id is configured, otherwise our own
 * cards (the default, which makes no request to another host).
 */
export function LatestVideos({ limit }: { limit?: number }) {
  if (site.channelWidgetId) return <ChannelWidget widgetId={site.channelWidgetId} />;
  return <VideoGrid videos={channelVideos.slice(0, limit)} />;
}
