import { useEffect, useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { previewCopy as copy } from '@content/preview.ts';
import { LinkPageStatus } from '~/components/ui/link-page-status.tsx';
import { useFragmentToken } from '~/lib/fragment-token.ts';
import { href } from '~/paths.ts';

/**
 * /preview#token=…: where the console's Preview button leads. The token (in the fragment, so never in a
 * server's log) is kept in this tab's session storage and checked by reading the drafts once; then the tab
 * goes to /home, and every page it shows from then on is built from the drafts (preview-token.ts). A reload
 * of /preview, or of a page in the tab (which comes back here), finds the token in the tab. An unknown or
 * expired token says so, and ends the preview. Its work is in the preview's lazy chunk (preview-content.ts).
 */
export function PreviewPage() {
  const fragment = useFragmentToken();
  const [problem, setProblem] = useState<string>();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();

  useEffect(() => {
    if (fragment === undefined) return;
    let live = true;
    import('./preview-content.ts')
      .then((preview) => preview.openPreview(fragment))
      .catch(() => ({ problem: undefined }))
      .then((opened) => {
        if (!live) return;
        // The root's brand settings (header, footer) are read again, now from the drafts: a navigation does not
        // run a parent route's loader again by itself.
        if ('to' in opened) void revalidate().then(() => navigate(opened.to, { replace: true }));
        else setProblem(opened.problem ?? copy.failed);
      });
    return () => {
      live = false;
    };
  }, [fragment, navigate, revalidate]);

  return (
    <div className="min-h-dvh bg-ink text-cream">
      <main id="main" className="mx-auto max-w-xl px-6 py-16">
        <h1 className="font-display text-3xl font-semibold text-gold">{copy.title}</h1>
        <LinkPageStatus loading={copy.loading} problem={problem} />
        {problem !== undefined && (
          <>
            <p className="mt-4 text-sand">{copy.again}</p>
            <p className="mt-10">
              <a href={href('home')} className="text-gold underline underline-offset-4">
                {copy.toSite}
              </a>
            </p>
          </>
        )}
      </main>
    </div>
  );
}
