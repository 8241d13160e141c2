import { useEffect, useRef, useState } from 'react';
import type { Recipe } from '@content/recipe-schema.ts';
import { videoAllowed } from '~/components/ui/background-video.tsx';
import { Picture, imageUrl, mediaVideo } from '~/components/ui/picture.tsx';
import { cn } from '~/lib/cn.ts';

interface MediaProps {
  recipe: Recipe;
  sizes: string;
  priority?: boolean;
  /** Classes of the image / video element (size, object-fit, rounding). */
  className?: string;
}

/**
 * A recipe's media (SPEC §2). With a video: on a card (`loop`) the poster first, then a muted
 * looping clip that plays only while the card is on screen; on the recipe page (`controls`) a video
 * the visitor starts, fetched only then. Without a video: the image.
 */
export function RecipeMedia({ recipe, loop, controls, ...props }: MediaProps & { loop?: boolean; controls?: boolean }) {
  if (recipe.video && controls) return <RecipeVideo recipe={recipe} className={props.className} />;
  if (recipe.video && loop) return <LoopingVideo recipe={recipe} {...props} />;
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

/** The recipe page's video: controls, nothing downloaded until play (preload="none"), poster first. */
function RecipeVideo({ recipe, className }: { recipe: Recipe; className?: string }) {
  const video = mediaVideo(recipe.video!);
  return (
    <video
      controls
      preload="none"
      playsInline
      poster={imageUrl(video.poster, 1280)}
      aria-label={`Video: ${video.label}`}
      className={cn('block bg-ink', className)}
    >
      {video.webm && <source src={video.webm} type="video/webm" />}
      <source src={video.mp4} type="video/mp4" />
    </video>
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
          className={cn('absolute inset-0 transition-opacity duration-700', className, playing ? 'opacity-100' : 'opacity-0')}
        >
          {video.webm && <source src={video.webm} type="video/webm" />}
          <source src={video.mp4} type="video/mp4" />
        </video>
      )}
    </div>
  );
}
