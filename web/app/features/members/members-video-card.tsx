import type { MembersVideo } from '@content/members.ts';
import { membersPage } from '@content/members.ts';
import { Play } from 'lucide-react';
import { useState } from 'react';
import { Picture } from '~/components/ui/picture.tsx';

/** youtube-nocookie.com: no tracking cookies until the visitor plays the video. */
const embedUrl = (id: string) => `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}?autoplay=1&rel=0`;

/**
 * An exclusive video: a poster button first; the player (a third party) is
 * loaded only when the visitor presses play.
 */
export function MembersVideoCard({ video }: { video: MembersVideo }) {
  const [playing, setPlaying] = useState(false);
  return (
    <article className="overflow-hidden rounded-2xl border border-cream/10 bg-charcoal/90 shadow-xl shadow-black/30">
      <div className="relative aspect-video bg-ink">
        {playing ? (
          <iframe
            src={embedUrl(video.id)}
            title={video.title}
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            className="absolute inset-0 size-full border-0"
          />
        ) : (
          <button
            type="button"
            onClick={() => setPlaying(true)}
            className="group absolute inset-0 size-full"
            aria-label={`${membersPage.playLabel}: ${video.title}`}
          >
            <Picture
              image={video.thumbnail}
              sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
              className="absolute inset-0 block size-full"
              imgClassName="size-full object-cover transition-transform duration-500 group-hover:scale-105"
            />
            <span className="absolute inset-0 bg-gradient-to-t from-ink/70 via-transparent to-transparent" />
            <span className="absolute top-1/2 left-1/2 flex size-16 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-gold text-ink shadow-lg transition-transform group-hover:scale-110">
              <Play aria-hidden className="ml-1 size-7 fill-current" />
            </span>
          </button>
        )}
      </div>
      <div className="p-5 sm:p-6">
        <p className="text-xs font-semibold tracking-[0.2em] text-gold uppercase">{membersPage.videoLabel}</p>
        <h3 className="mt-2 text-xl font-semibold text-cream">{video.title}</h3>
        <p className="mt-2 text-sm leading-relaxed text-sand">{video.description}</p>
      </div>
    </article>
  );
}
