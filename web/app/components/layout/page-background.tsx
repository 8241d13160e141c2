// chunk: shell
import type { ImageKey } from '@content/media.ts';
import { Picture } from '~/components/ui/picture.tsx';
import { cn } from '~/lib/cn.ts';

export type BackgroundOpacity = 'full' | 'soft' | 'faint';

/** Backgrounds: full on /home, about 20 % on most pages, about 10 % elsewhere. */
const opacityClass: Record<BackgroundOpacity, string> = {
  full: 'opacity-100',
  soft: 'opacity-20',
  faint: 'opacity-10',
};

/**
 * A fixed, full-screen, faded picture behind the page's content. Purely decorative (hidden from
 * assistive technology), out of the layout flow (no layout shift) and below everything (`-z-10`).
 * At full strength a dark scrim keeps text on top of it readable.
 */
export function PageBackground({ image, opacity }: { image: ImageKey; opacity: BackgroundOpacity }) {
  return (
    <div
      aria-hidden="true"
      data-page-background={opacity}
      className="pointer-events-none fixed inset-0 -z-10 overflow-hidden"
    >
      <Picture
        image={image}
        sizes="100vw"
        className={cn('block size-full', opacityClass[opacity])}
        imgClassName="size-full object-cover"
      />
      {opacity === 'full' && <div className="absolute inset-0 bg-gradient-to-b from-ink/70 via-ink/50 to-ink/90" />}
    </div>
  );
}
