import { useState } from 'react';
import { Pause, Play } from 'lucide-react';
import { StaticHtml } from '~/components/layout/static-html.tsx';

/** The marquee loops continuously, linear, 20 s per cycle. */
export const MARQUEE_CYCLE_S = 20;
const COPIES = 4;

const css = `
@keyframes watch-marquee { from { transform: translateX(0); } to { transform: translateX(-50%); } }
.watch-marquee-track { animation: watch-marquee ${MARQUEE_CYCLE_S}s linear infinite; }
.watch-marquee:hover .watch-marquee-track, .watch-marquee[data-paused='true'] .watch-marquee-track { animation-play-state: paused; }
@media (prefers-reduced-motion: reduce) { .watch-marquee-track { animation: none; } }
`;

/**
 * The scrolling banner fixed under the header (whose bar is h-16, sm:h-20 in header.tsx) on
 * /watch-{slug}. The text is read once by screen readers; the moving copies are decorative. It
 * pauses on hover and with its own button (WCAG 2.2.2) and stands still for visitors who prefer
 * reduced motion.
 */
export function WatchMarquee({ text }: { text: string }) {
  const [paused, setPaused] = useState(false);
  const half = (hidden: boolean) => (
    <span className="flex shrink-0 items-center" aria-hidden={hidden || undefined}>
      {Array.from({ length: COPIES }, (_, i) => (
        <span key={i} className="flex items-center">
          <span className="px-6 whitespace-nowrap">{text}</span>
          <span aria-hidden className="text-ink/50">
            ✦
          </span>
        </span>
      ))}
    </span>
  );
  return (
    <div
      data-testid="watch-marquee"
      data-paused={paused}
      className="watch-marquee fixed inset-x-0 top-16 sm:top-20 z-30 flex h-11 items-center overflow-hidden bg-gold font-display text-base font-semibold text-ink shadow-lg shadow-black/30"
    >
      {/* A constant of ours, written raw: text children of <style> would be HTML-escaped by the renderer. */}
      <style dangerouslySetInnerHTML={{ __html: css }} />
      <p className="sr-only">{text}</p>
      {/* The moving copies do nothing but move (in CSS): kept as prerendered HTML (decision 0019). */}
      <div aria-hidden className="watch-marquee-track flex w-max">
        <StaticHtml as="span">
          {half(false)}
          {half(true)}
        </StaticHtml>
      </div>
      <button
        type="button"
        onClick={() => setPaused((p) => !p)}
        aria-pressed={paused}
        aria-label="Pause the scrolling banner"
        className="absolute right-0 flex h-full items-center bg-gold px-3 text-ink shadow-[-12px_0_12px_var(--color-gold)] hover:bg-gold-dark focus-visible:outline-offset-[-3px]"
      >
        {paused ? <Play aria-hidden className="size-4" /> : <Pause aria-hidden className="size-4" />}
      </button>
    </div>
  );
}
