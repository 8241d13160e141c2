import { channelVideos } from '@content/videos.ts';
import { ChannelWidget } from './channel-widget.tsx';
import { VideoGrid } from './video-grid.tsx';

/**
 * The widget's id, read as content/site.ts reads `channelWidgetId` but as the build's own constant, so that
 * without a widget its code is left out of the page's scripts (the bundler cannot prove the value of a
 * property of the shared `site` object).
 */
const WIDGET_ID: string = import.meta.env.VITE_CHANNEL_WIDGET_ID || '';

/**
 * The channel's latest videos: the third-party widget when its id is configured, otherwise our own
 * cards (the default, which makes no request to another host).
 */
export function LatestVideos({ limit }: { limit?: number }) {
  if (WIDGET_ID) return <ChannelWidget widgetId={WIDGET_ID} />;
  return <VideoGrid videos={channelVideos.slice(0, limit)} />;
}
