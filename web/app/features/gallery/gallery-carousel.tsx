import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel, { type UseEmblaCarouselType } from 'embla-carousel-react';
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { galleryText } from '@content/gallery.ts';
import { StaticHtml } from '~/components/layout/static-html.tsx';
import { ChefPicture } from '~/components/ui/chef-photo.tsx';
import { afterNextPaint } from '~/lib/after-next-paint.ts';
import { cn } from '~/lib/cn.ts';
import type { PageDataOf } from '~/lib/page-data.ts';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion.ts';

const { autoplayDelayMs, slideGapPx, label } = galleryText;
type EmblaCarouselType = NonNullable<UseEmblaCarouselType[1]>;

/** Embla's slides: found by their role, since they sit inside a `<StaticHtml>` wrapper, not directly in the container. */
const SLIDES = '[aria-roledescription="slide"]';

const arrowClass =
  'flex size-12 items-center justify-center rounded-full border border-cream/20 bg-ink/80 text-cream shadow-lg backdrop-blur can-hover:transition-colors hover:border-gold hover:text-gold';

/**
 * The food gallery: a looping Embla carousel of the chef's photos (twenty by default) that advances every
 * 4000 ms. Arrows, dots and swiping do not stop the autoplay (stopOnInteraction: false); a separate
 * pause button lets a visitor stop it on purpose (WCAG 2.2.2), and with reduced motion it never
 * starts. 30 px between slides; every image but the first loads lazily.
 */
export function GalleryCarousel({ photos: items }: PageDataOf<'gallery'>) {
  const reducedMotion = usePrefersReducedMotion();
  const [paused, setPaused] = useState(false);
  const autoplay = !reducedMotion && !paused;
  const plugins = useMemo(
    () =>
      autoplay
        ? [
            Autoplay({
              delay: autoplayDelayMs,
              stopOnInteraction: false,
              stopOnFocusIn: false,
              stopOnMouseEnter: false,
            }),
          ]
        : [],
    [autoplay],
  );
  const [startEmbla, api] = useEmblaCarousel({ loop: true, align: 'center', slides: SLIDES }, plugins);
  const [selected, setSelected] = useState(0);

  // Embla starts in a task of its own after the paint that follows hydration, not inside hydration's
  // task: it measures the twenty slides (a forced layout) and builds its engine, about a third of the
  // page's hydrating task on the calibrated phone (docs/decisions/0044-the-gallery-starts-after-hydrating.md).
  // The photos are already in place as prerendered. A press on an arrow or a dot before then starts it
  // at once and is carried out as soon as it has started.
  const viewport = useRef<HTMLDivElement>(null);
  const waiting = useRef<((api: EmblaCarouselType) => void) | null>(null);
  useEffect(() => afterNextPaint(() => startEmbla(viewport.current)), [startEmbla]);

  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    onSelect();
    api.on('select', onSelect).on('reInit', onSelect);
    waiting.current?.(api);
    waiting.current = null;
    return () => {
      api.off('select', onSelect).off('reInit', onSelect);
    };
  }, [api]);

  const jump = reducedMotion;
  const move = useCallback(
    (go: (api: EmblaCarouselType) => void) => {
      if (api) return go(api);
      waiting.current = go;
      startEmbla(viewport.current);
    },
    [api, startEmbla],
  );
  const previous = useCallback(() => move((a) => a.scrollPrev(jump)), [move, jump]);
  const next = useCallback(() => move((a) => a.scrollNext(jump)), [move, jump]);
  const goTo = useCallback((index: number) => move((a) => a.scrollTo(index, jump)), [move, jump]);

  return (
    <section aria-roledescription="carousel" aria-label={label} className="relative">
      <div className="relative">
        <div ref={viewport} className="overflow-hidden">
          <div className="flex touch-pan-y" style={{ marginLeft: -slideGapPx }} aria-live={autoplay ? 'off' : 'polite'}>
            {/* The twenty photos do nothing in the browser themselves (Embla moves them): they stay the
                prerendered HTML, so hydration does not walk them (docs/decisions/0024-load-the-forms-work-when-used.md). */}
            <StaticHtml>
              {items.map((item, index) => (
                <div
                  key={item.id}
                  role="group"
                  aria-roledescription="slide"
                  aria-label={`${index + 1} of ${items.length}`}
                  className="min-w-0 shrink-0 grow-0 basis-full md:basis-4/5 lg:basis-3/4"
                  style={{ paddingLeft: slideGapPx }}
                >
                  <figure className="overflow-hidden rounded-2xl border border-cream/10 bg-smoke shadow-2xl">
                    <ChefPicture
                      photo={item}
                      alt={item.alt}
                      sizes="(min-width: 1024px) 860px, (min-width: 768px) 80vw, 100vw"
                      priority={index === 0}
                      className="block"
                      imgClassName="aspect-[3/2] w-full object-cover"
                    />
                    <figcaption aria-hidden="true" className="px-5 py-3 text-sm text-sand sm:text-base">
                      {item.alt}
                    </figcaption>
                  </figure>
                </div>
              ))}
            </StaticHtml>
          </div>
        </div>
        <div className="pointer-events-none absolute inset-x-2 top-[calc((100%-3rem)/2)] flex -translate-y-1/2 justify-between sm:inset-x-4">
          <button
            type="button"
            aria-label="Previous slide"
            onClick={previous}
            className={cn(arrowClass, 'pointer-events-auto')}
          >
            <ChevronLeft aria-hidden="true" className="size-6" />
          </button>
          <button
            type="button"
            aria-label="Next slide"
            onClick={next}
            className={cn(arrowClass, 'pointer-events-auto')}
          >
            <ChevronRight aria-hidden="true" className="size-6" />
          </button>
        </div>
      </div>

      <div className="mt-6 flex flex-col items-center gap-4">
        <div className="grid grid-cols-10 sm:flex sm:flex-wrap sm:justify-center">
          {items.map((item, index) => (
            <button
              key={item.id}
              type="button"
              aria-label={`Go to slide ${index + 1}`}
              aria-current={index === selected ? 'true' : undefined}
              onClick={() => goTo(index)}
              className="group flex size-7 items-center justify-center"
            >
              <span
                aria-hidden="true"
                className={cn(
                  'block size-2.5 rounded-full bg-cream/35 transition-all group-hover:bg-cream/70',
                  index === selected && 'w-5 bg-gold group-hover:bg-gold',
                )}
              />
            </button>
          ))}
        </div>
        {!reducedMotion && (
          <button
            type="button"
            onClick={() => setPaused((p) => !p)}
            className="inline-flex min-h-11 items-center gap-2 rounded-full border border-cream/20 px-4 text-sm font-semibold text-sand hover:border-gold hover:text-gold"
          >
            {paused ? <Play aria-hidden="true" className="size-4" /> : <Pause aria-hidden="true" className="size-4" />}
            {paused ? 'Play slideshow' : 'Pause slideshow'}
          </button>
        )}
      </div>
    </section>
  );
}
