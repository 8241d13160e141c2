import { useState } from 'react';
import { ExternalLink, Play } from 'lucide-react';
import type { ChannelVideo } from '@content/showcase-schema.ts';
import { site } from '@content/site.ts';
import { StaticHtml } from '~/components/layout/static-html.tsx';
import { Picture } from '~/components/ui/picture.tsx';

/** Privacy-enhanced embeds: no cookies until the visitor plays. */
const EMBED_URL = 'https://www.youtube-nocookie.com/embed/';

const thumbSizes = '(min-width: 1152px) 352px, (min-width: 1024px) 30vw, (min-width: 640px) 46vw, 100vw';

function Thumbnail({ video }: { video: ChannelVideo }) {
  return (
    <span className="relative block aspect-video overflow-hidden">
      <Picture
        image={video.thumbnail}
        sizes={thumbSizes}
        className="block size-full"
        imgClassName="size-full object-cover transition-transform duration-500 group-hover:scale-105"
      />
      <span
        aria-hidden
        className="absolute inset-0 flex items-center justify-center bg-ink/20 can-hover:transition-colors group-hover:bg-ink/10"
      >
        <span className="flex size-14 items-center justify-center rounded-full bg-gold/95 text-ink shadow-lg">
          <Play className="ml-1 size-6 fill-current" />
        </span>
      </span>
      <span className="absolute right-2 bottom-2 rounded bg-ink/85 px-2 py-0.5 text-xs font-semibold text-cream tabular-nums">
        <span className="sr-only">Duration </span>
        {video.duration}
      </span>
    </span>
  );
}

/**
 * One of the channel's videos. With a platform id it plays in place, and the embed (a third party)
 * is requested only after the visitor presses play; without one the card opens the channel in a new
 * tab. Nothing leaves our origin until the visitor asks.
 */
export function VideoCard({ video }: { video: ChannelVideo }) {
  const [playing, setPlaying] = useState(false);
  // The thumbnail and the text are kept as prerendered HTML; only the card's button hydrates (decision 0019).
  const text = (
    <StaticHtml as="span">
      <span className="block flex-1 p-5">
        <span className="block font-display text-lg leading-snug font-semibold text-cream">{video.title}</span>
        <span className="mt-2 block text-sm text-sand">{video.description}</span>
      </span>
    </StaticHtml>
  );
  const frame =
    'group flex h-full flex-col overflow-hidden rounded-2xl border border-cream/10 bg-charcoal/85 text-left shadow-lg shadow-black/30 can-hover:transition-colors hover:border-gold/50';

  if (!video.youtubeId) {
    return (
      <a href={site.channelUrl} target="_blank" rel="noopener noreferrer" className={frame}>
        <Thumbnail video={video} />
        {text}
        <span className="flex items-center gap-1.5 px-5 pb-5 text-sm font-semibold text-gold">
          Watch on YouTube <ExternalLink aria-hidden className="size-4" />
          <span className="sr-only">(opens in a new tab)</span>
        </span>
      </a>
    );
  }
  return (
    <div className={frame}>
      {playing ? (
        <iframe
          src={`${EMBED_URL}${video.youtubeId}?autoplay=1&rel=0`}
          title={video.title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          className="aspect-video w-full border-0"
        />
      ) : (
        <button
          type="button"
          onClick={() => setPlaying(true)}
          className="block w-full cursor-pointer"
          aria-label={`Play video: ${video.title}`}
        >
          <StaticHtml as="span">
            <Thumbnail video={video} />
          </StaticHtml>
        </button>
      )}
      {text}
    </div>
  );
}
