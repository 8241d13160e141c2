import { useEffect, useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { previewCopy as copy } from '@content/preview.ts';
import { LinkPageStatus } from '~/components/ui/link-page-status.tsx';
import { useFragmentToken } from '~/lib/fragment-token.ts';
import { href } from '~/paths.ts';
import { PREVIEW_TOKEN_KEY, previewToken } from './preview-token.ts';

/**
 * /preview#token=…: where the console's Preview button leads. The token (in the fragment, so never in a
 * server's log) is kept in this tab's session storage and checked by reading the drafts once; then the tab
 * goes to /home, and every page it shows from then on is built from the drafts (preview-token.ts). A reload
 * of /preview finds the token in the tab. An unknown or expired token says so, and ends the preview.
 */
export function PreviewPage() {
  const fragment = useFragmentToken();
  const [problem, setProblem] = useState<string>();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();

  useEffect(() => {
    if (fragment === undefined) return;
    const token = fragment ?? previewToken();
    if (!token) return setProblem(copy.missing);
    window.sessionStorage.setItem(PREVIEW_TOKEN_KEY, token);
    let live = true;
    import('./preview-content.ts')
      .then(async ({ previewContent, leavePreview, PreviewUnavailable }) => {
        try {
          await previewContent(token);
          if (!live) return;
          // The navigation runs the page's loader only; the root's (the brand in the header and footer) too.
          await navigate(href('home'), { replace: true });
          await revalidate();
        } catch (error) {
          leavePreview();
          if (live) setProblem(error instanceof PreviewUnavailable ? error.message : copy.failed);
        }
      })
      .catch(() => live && setProblem(copy.failed));
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
