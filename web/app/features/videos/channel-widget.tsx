import { useEffect } from 'react';
import { channelWidget } from '@content/videos.ts';

const SCRIPT_ID = 'channel-widget-script';

/**
 * The third-party video-channel widget. Its loader script is added when the widget
 * mounts and removed again when the visitor leaves the page, so no third-party code lingers on the
 * rest of the site. Rendered only when site.channelWidgetId is configured.
 */
export function ChannelWidget({ widgetId }: { widgetId: string }) {
  useEffect(() => {
    if (document.getElementById(SCRIPT_ID)) return;
    const script = document.createElement('script');
    script.id = SCRIPT_ID;
    script.src = channelWidget.scriptUrl;
    script.async = true;
    document.body.appendChild(script);
    return () => script.remove();
  }, []);
  return (
    <div className="min-h-64 rounded-2xl border border-cream/10 bg-charcoal/60 p-2">
      <div className={`${channelWidget.containerClassPrefix}${widgetId}`} data-elfsight-app-lazy="" />
    </div>
  );
}
