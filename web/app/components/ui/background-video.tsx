/**
 * A decorative looping background video that never delays the first paint.
 *
 * The poster is rendered at once as a priority <Picture> (that is what gets prerendered and painted
 * first). Only after the page has loaded and the browser is idle is a muted, looping <video> mounted
 * over it, and never when the visitor prefers reduced motion or has asked to save data. The whole
 * thing fills its nearest positioned ancestor (`absolute inset-0`), so it cannot shift layout.
 *
 *   <section className="relative min-h-[80vh]"><BackgroundVideo video="hero" /> …content… </section>
 */
import { useEffect, useRef, useState } from 'react';
import type { VideoKey } from '../../../../content/media';
import { Picture, mediaVideo } from './picture';

type IdleWindow = Window & {
  requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
};
type NavigatorWithConnection = Navigator & { connection?: { saveData?: boolean } };

/** Whether a motion video may play: false for prefers-reduced-motion: reduce or Save-Data. */
export function videoAllowed(): boolean {
  if (typeof window === 'undefined') return false;
  if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return false;
  if ((navigator as NavigatorWithConnection).connection?.saveData) return false;
  return true;
}

export function BackgroundVideo({ video, className }: { video: VideoKey; className?: string }) {
  const entry = mediaVideo(video);
  const [mounted, setMounted] = useState(false);
  const [playing, setPlaying] = useState(false);
  const ref = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (!videoAllowed()) return;
    const w = window as IdleWindow;
    let idleId: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      if (w.requestIdleCallback) idleId = w.requestIdleCallback(() => setMounted(true), { timeout: 3000 });
      else timer = setTimeout(() => setMounted(true), 300);
    };
    if (document.readyState === 'complete') schedule();
    else window.addEventListener('load', schedule, { once: true });
    const motion = window.matchMedia?.('(prefers-reduced-motion: reduce)');
    const onMotion = () => {
      if (motion?.matches) {
        setMounted(false);
        setPlaying(false);
      }
    };
    motion?.addEventListener?.('change', onMotion);
    return () => {
      window.removeEventListener('load', schedule);
      if (idleId !== undefined) w.cancelIdleCallback?.(idleId);
      if (timer) clearTimeout(timer);
      motion?.removeEventListener?.('change', onMotion);
    };
  }, []);

  useEffect(() => {
    const el = ref.current;
    if (!mounted || !el) return;
    el.muted = true; // set the property too: autoplay is only allowed for muted video
    el.play().catch(() => {
      /* autoplay refused: the poster stays */
    });
  }, [mounted]);

  return (
    <div
      aria-hidden="true"
      className={['pointer-events-none absolute inset-0 overflow-hidden', className].filter(Boolean).join(' ')}
    >
      <Picture
        image={entry.poster}
        sizes="100vw"
        priority
        alt=""
        className="absolute inset-0 block h-full w-full"
        imgClassName="h-full w-full object-cover"
      />
      {mounted && (
        <video
          ref={ref}
          className={`absolute inset-0 h-full w-full object-cover transition-opacity duration-700 ${playing ? 'opacity-100' : 'opacity-0'}`}
          autoPlay
          muted
          loop
          playsInline
          preload="none"
          disablePictureInPicture
          tabIndex={-1}
          onPlaying={() => setPlaying(true)}
        >
          {entry.webm && <source src={entry.webm} type="video/webm" />}
          <source src={entry.mp4} type="video/mp4" />
        </video>
      )}
    </div>
  );
}
