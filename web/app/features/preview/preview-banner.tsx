import { useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router';
import { previewCopy as copy } from '@content/preview.ts';
import { leavePreview, previewServed } from './preview-content.ts';

/**
 * The banner of a preview tab, fixed at the bottom of every page, with the way out. A page loaded directly in
 * the tab (a reload, a link opened here) was painted from the published HTML: its data is read again from the
 * drafts, then `onRefreshed` lets the layout draw it anew (the page's prerendered parts keep the HTML they
 * hydrated with until they are mounted again).
 */
export default function PreviewBanner({ onRefreshed }: { onRefreshed: () => void }) {
  const { revalidate } = useRevalidator();
  const refresh = useRef<(() => Promise<void>) | null>(async () => {
    await revalidate();
    onRefreshed();
  });
  useEffect(() => {
    const once = refresh.current;
    refresh.current = null;
    if (once && !previewServed()) void once();
  }, []);

  return (
    <section
      aria-label={copy.title}
      className="fixed inset-x-0 bottom-0 z-[150] border-t border-gold/60 bg-ink/95 px-4 py-3 text-sm text-cream shadow-2xl"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3">
        <p>
          <strong className="mr-2 rounded bg-gold px-2 py-0.5 font-semibold text-ink uppercase">{copy.title}</strong>
          {copy.banner}
        </p>
        <button
          type="button"
          onClick={() => {
            leavePreview();
            window.location.assign(window.location.pathname + window.location.search);
          }}
          className="inline-flex min-h-11 items-center rounded-md border border-gold px-4 font-semibold text-gold"
        >
          {copy.leave}
        </button>
      </div>
    </section>
  );
}
