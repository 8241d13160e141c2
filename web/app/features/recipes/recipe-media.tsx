import { Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Recipe } from '@content/recipe-schema.ts';
import { videoAllowed } from '~/components/ui/background-video.tsx';
import { ChefPicture } from '~/components/ui/chef-photo.tsx';
import { Picture, mediaVideo } from '~/components/ui/picture.tsx';
import type { ChefPhoto } from '~/lib/photo-sources.ts';
import { cn } from '~/lib/cn.ts';

interface MediaProps {
  /** With the chef's uploaded photo (`picture`, web/app/lib/page-data.ts), shown instead of the bundled image. */
  recipe: Recipe & { picture?: ChefPhoto };
  sizes: string;
  priority?: boolean;
  /** Classes of the image / video element (size, object-fit, rounding). */
  className?: string;
}

/**
 * A recipe's media. With a video: on a card (`loop`) the poster first, then a muted
 * looping clip that plays only while the card is on screen; on the recipe page (`controls`) a video
 * the visitor starts, fetched only then. Without a video: the image.
 */
export function RecipeMedia({ recipe, loop, controls, ...props }: MediaProps & { loop?: boolean; controls?: boolean }) {
  if (recipe.video && controls) return <RecipeVideo recipe={recipe} {...props} />;
  if (recipe.video && loop) return <LoopingVideo recipe={recipe} {...props} />;
  if (recipe.picture?.src)
    return (
      <ChefPicture
        photo={recipe.picture}
        alt={recipe.title}
        sizes={props.sizes}
        priority={props.priority}
        className="contents"
        imgClassName={props.className}
      />
    );
  return (
    <Picture
      image={recipe.image}
      sizes={props.sizes}
      priority={props.priority}
      className="contents"
      imgClassName={props.className}
    />
  );
}

/**
 * The recipe page's video, behind a facade. What is prerendered and painted is the poster as a
 * responsive <Picture>: the page's LCP, so eager and high priority, in AVIF at a width chosen for
 * the screen (the `poster` attribute takes one URL: the 960 px WebP for everyone). Over it, a
 * labelled play button; the tap, click or key press mounts the <video> with its native controls,
 * starts it and moves focus to it, and nothing of the clip is fetched before. Not a
 * <video controls> from the start: under a video element with controls, Lighthouse estimates the same
 * picture's LCP later on a phone (decision 0005). The video is mounted and played inside the tap's own handler (flushSync) because phones,
 * iOS Safari first, start a video with sound only from a user gesture. Like every button of the
 * site, it works once the page has hydrated (decision 0005). The picture stays under the video,
 * which has no backdrop, until the clip's frames cover it.
 */
function RecipeVideo({ recipe, sizes, priority, className }: MediaProps) {
  const video = mediaVideo(recipe.video!);
  const clip = useRef<HTMLVideoElement>(null);
  const [started, setStarted] = useState(false);

  const start = () => {
    flushSync(() => setStarted(true));
    const el = clip.current;
    if (!el) return;
    el.focus();
    el.play().catch(() => {
      /* refused (data saver, no codec…): the controls are there to try again */
    });
  };

  return (
    <div className="relative">
      <Picture
        image={video.poster}
        sizes={sizes}
        priority={priority}
        alt=""
        className="contents"
        imgClassName={className}
      />
      {started ? (
        <video
          ref={clip}
          controls
          playsInline
          aria-label={`Video: ${video.label}`}
          // Chromium's controls paint a grey backdrop until the clip has a frame: transparent, so the picture shows.
          className={cn('absolute inset-0 size-full [&::-webkit-media-controls]:bg-transparent', className)}
        >
          {video.webm && <source src={video.webm} type="video/webm" />}
          <source src={video.mp4} type="video/mp4" />
        </video>
      ) : (
        <button
          type="button"
          onClick={start}
          aria-label={`Play video: ${video.label}`}
          className="group absolute inset-0 flex items-center justify-center can-hover:transition-colors hover:bg-ink/10 focus-visible:-outline-offset-8"
        >
          <span className="flex size-16 items-center justify-center rounded-full bg-gold/95 text-ink shadow-lg transition-transform group-hover:scale-105 sm:size-20">
            <Play aria-hidden className="ml-1 size-7 fill-current sm:size-8" />
          </span>
        </button>
      )}
    </div>
  );
}

/**
 * A card's muted loop: the poster picture (with its alt text) is what is prerendered and painted;
 * the clip is mounted over it once the card is at least a quarter on screen, paused when it
 * leaves, and never with reduced motion or Save-Data. The clip itself is hidden from assistive
 * technology: the poster carries the description.
 */
function LoopingVideo({ recipe, sizes, priority, className }: MediaProps) {
  const video = mediaVideo(recipe.video!);
  const frame = useRef<HTMLDivElement>(null);
  const clip = useRef<HTMLVideoElement>(null);
  const [visible, setVisible] = useState(false);
  const [mounted, setMounted] = useState(false);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    const el = frame.current;
    if (!el || !videoAllowed() || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        setVisible(entry.isIntersecting);
        if (entry.isIntersecting) setMounted(true);
      },
      { threshold: 0.25 },
    );
    observer.observe(el);
    const motion = window.matchMedia?.('(prefers-reduced-motion: reduce)');
    const onMotion = () => {
      if (motion.matches) {
        setMounted(false);
        setPlaying(false);
        observer.disconnect();
      }
    };
    motion?.addEventListener?.('change', onMotion);
    return () => {
      observer.disconnect();
      motion?.removeEventListener?.('change', onMotion);
    };
  }, []);

  useEffect(() => {
    const el = clip.current;
    if (!el) return;
    if (visible) {
      el.muted = true; // the property too: browsers only autoplay muted video
      el.play().catch(() => {
        /* autoplay refused: the poster stays */
      });
    } else el.pause();
  }, [visible, mounted]);

  return (
    <div ref={frame} className="relative size-full">
      <Picture image={video.poster} sizes={sizes} priority={priority} className="contents" imgClassName={className} />
      {mounted && (
        <video
          ref={clip}
          aria-hidden="true"
          tabIndex={-1}
          muted
          loop
          playsInline
          preload="auto"
          disablePictureInPicture
          onPlaying={() => setPlaying(true)}
          className={cn(
            'absolute inset-0 transition-opacity duration-700',
            className,
            playing ? 'opacity-100' : 'opacity-0',
          )}
        >
          {video.webm && <source src={video.webm} type="video/webm" />}
          <source src={video.mp4} type="video/mp4" />
        </video>
      )}
    </div>
  );
}
