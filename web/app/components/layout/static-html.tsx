// chunk: shell
import { useId, useState, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';

/**
 * A part of a prerendered page that has nothing to hydrate: text, pictures and links, no state, no
 * effect, no handler (docs/decisions/0019-calibrated-phone-bench.md). When the browser hydrates the
 * prerendered page, React keeps this part's HTML exactly as the prerender wrote it and does no work for
 * what is inside: the wrapper is hydrated with its own HTML as `dangerouslySetInnerHTML`, and React
 * neither renders nor claims the elements within. Its links are plain `<a href>` then; a click on one
 * that leads inside the site (same origin, same tab, no modifier key) is handed to the router by the
 * wrapper, as a `<Link>` would do, so the visitor navigates inside the site all the same. When the part
 * is rendered anywhere else (the prerender, or a page the visitor navigated to inside the site), it
 * renders its children as usual.
 *
 * Only for children that do nothing in the browser: a component with state, an effect or an event
 * handler inside would never run (a part whose buttons only need a click gives the wrapper `onClick`); and what it shows must not change while it stays mounted (a part
 * that depends on the URL sits under a parent keyed by it, as routes/recipe.tsx keys RecipeDetail), since
 * the HTML it kept is the HTML it shows. The wrapper is a `display: contents` div (a span with `as="span"`,
 * where only phrasing content is allowed, as inside a button), so it does not change the layout; `data-static-html` marks it (e2e/hydration-budget.test.ts counts what stays unhydrated).
 */
let pageHydrated = false;

/**
 * Called once the document's first hydration has been committed (web/app/root.tsx). Also marks it
 * on the document, `<html data-hydrated>`: buttons work from then on (the end-to-end tests wait for
 * this public marker, e2e/support/page-checks.ts).
 */
export function markPageHydrated() {
  pageHydrated = true;
  document.documentElement.dataset.hydrated = '';
}

/**
 * A plain click on a plain `<a href>` inside `event.currentTarget` that a `<Link>` would have handled: to
 * the router, as `<Link>` does it (a link to the page already shown replaces the history entry instead of
 * adding one). Other clicks (a modifier key, another tab or host, a download) stay the browser's. Used by
 * the static parts below and by the header's links (web/app/features/shell/header.tsx).
 */
export function followInside(event: MouseEvent<HTMLElement>, navigate: ReturnType<typeof useNavigate>) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
    return;
  const link = (event.target as Element).closest('a');
  if (!link || !event.currentTarget.contains(link) || link.hasAttribute('download')) return;
  if ((link.target && link.target !== '_self') || link.origin !== window.location.origin) return;
  event.preventDefault();
  const to = `${link.pathname}${link.search}${link.hash}`;
  const { pathname, search, hash } = window.location;
  void navigate(to, { replace: to === `${pathname}${search}${hash}` });
}

/**
 * `onClick`, where the part has buttons: the one handler for clicks anywhere inside it (find the button
 * with `closest`), since the buttons themselves are plain HTML while the page keeps its prerendered part.
 * It runs in both cases, before a static link's click is handed to the router.
 */
export function StaticHtml({
  children,
  as: Tag = 'div',
  onClick,
}: {
  children: ReactNode;
  as?: 'div' | 'span';
  onClick?: (event: MouseEvent<HTMLElement>) => void;
}) {
  const id = useId();
  const navigate = useNavigate();
  // Read once, while the page is hydrating; never again for this instance.
  const [html] = useState(() =>
    typeof document === 'undefined' || pageHydrated
      ? undefined
      : document.querySelector(`[data-static-html="${CSS.escape(id)}"]`)?.innerHTML,
  );
  return html === undefined ? (
    <Tag data-static-html={id} className="contents" onClick={onClick}>
      {children}
    </Tag>
  ) : (
    <Tag
      data-static-html={id}
      className="contents"
      onClick={(e) => {
        onClick?.(e);
        followInside(e, navigate);
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
