import type { Track } from '@content/showcase-schema.ts';
import { isoDuration } from './iso-duration.ts';

/** The album's numbered tracklist with durations. */
export function Tracklist({ tracks }: { tracks: Track[] }) {
  return (
    <ol className="divide-y divide-cream/10 overflow-hidden rounded-2xl border border-cream/10 bg-charcoal/80">
      {tracks.map((track, index) => (
        <li key={track.title} className="flex items-center gap-4 px-5 py-4 sm:px-7">
          <span aria-hidden className="w-6 text-right font-display text-lg text-gold tabular-nums">
            {index + 1}
          </span>
          <span className="flex-1 font-medium">{track.title}</span>
          <time dateTime={isoDuration(track.duration)} className="text-sand tabular-nums">
            {track.duration}
          </time>
        </li>
      ))}
    </ol>
  );
}
