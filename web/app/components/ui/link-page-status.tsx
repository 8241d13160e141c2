import { LoaderCircle } from 'lucide-react';

/**
 * The status line of a page an e-mail link opens (/mail-action, /quote): "loading" as the prerendered
 * HTML paints it, then, if the link is missing, spent or closed, its message in the same element.
 * One element for both, so the message replaces the words the HTML painted instead of adding a
 * larger text that the browser would count as a later paint; two lines high from the start, so a
 * message of two lines on a phone moves nothing below it (CLS 0; docs/decisions/0025-console-and-e-mail-pages-paint-first.md).
 */
export function LinkPageStatus({ loading, problem }: { loading: string; problem?: string }) {
  return (
    <p role={problem === undefined ? 'status' : 'alert'} className="mt-6 flex min-h-12 items-center gap-3 text-sand">
      {problem === undefined ? (
        <>
          <LoaderCircle aria-hidden className="size-5 shrink-0 animate-spin text-gold" /> {loading}
        </>
      ) : (
        problem
      )}
    </p>
  );
}
