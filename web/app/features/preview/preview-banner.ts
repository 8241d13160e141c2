import { PREVIEW_TOKEN_KEY, rememberPreviewToken } from './preview-storage.ts';

/** The tab is no longer a preview (storage refused: it already was not). */
export function forgetPreviewToken() {
  rememberPreviewToken(null);
  try {
    sessionStorage.removeItem(PREVIEW_TOKEN_KEY);
  } catch {
    // nothing was kept
  }
}

/** The banner's words (the interface's: they stay in code). Here, not in content/preview.ts, so that every page's
 * scripts name one chunk less for the preview. */
const copy = {
  title: 'Preview',
  banner: 'These pages show your drafts. Visitors still see the published site.',
  leave: 'Leave preview',
};

let shown = false;

/**
 * The banner of a preview tab, fixed at the bottom of every page, with the way out ("Leave preview": the tab
 * forgets the token and loads the page again, as published). Plain elements beside the site's React root: the
 * site's layout, on every visitor's page, carries nothing of it, and it stays while the tab navigates (a preview
 * tab loads no other document but to leave).
 */
export function showPreviewBanner() {
  if (shown) return;
  shown = true;
  const element = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text = '') => {
    const node = document.createElement(tag);
    node.className = className;
    node.textContent = text;
    return node;
  };
  const banner = element(
    'section',
    'fixed inset-x-0 bottom-0 z-[150] border-t border-gold/60 bg-ink px-4 py-3 text-sm text-cream shadow-2xl',
  );
  banner.setAttribute('aria-label', copy.title);
  const row = element('div', 'mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3');
  const text = element('p', '');
  text.append(
    element('strong', 'mr-2 rounded bg-gold px-2 py-0.5 font-semibold text-ink uppercase', copy.title),
    copy.banner,
  );
  const leave = element(
    'button',
    'inline-flex min-h-11 items-center rounded-md border border-gold px-4 font-semibold text-gold',
    copy.leave,
  );
  leave.type = 'button';
  leave.addEventListener('click', () => {
    forgetPreviewToken();
    window.location.assign(window.location.pathname + window.location.search);
  });
  row.append(text, leave);
  banner.append(row);
  document.body.append(banner);
  // The page's end (the footer) stays reachable above the banner.
  document.body.style.paddingBottom = `${banner.offsetHeight}px`;
}
