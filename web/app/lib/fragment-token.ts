import { useSyncExternalStore } from 'react';

/**
 * The token a safe link carries in its fragment (`…#token=…`: never sent to a server, so never in a
 * log), read once and taken out of the address bar so that it is not bookmarked, shared or left in
 * the history. Used by the pages the e-mails' links open (/mail-action, /quote).
 */
export function readFragmentToken(): string | null {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
  if (token) {
    window.history.replaceState(null, '', window.location.pathname);
    return token;
  }
  return takeCardReturnToken();
}

/**
 * The quote page's token, kept in this tab while the client pays on Stripe's Checkout page and
 * read once on the way back (/quote?card=…): the addresses Stripe is given carry no token.
 */
const CARD_RETURN_KEY = 'quote-card-return';

export function keepTokenForCardReturn(token: string) {
  sessionStorage.setItem(CARD_RETURN_KEY, token);
}

function takeCardReturnToken(): string | null {
  if (!new URLSearchParams(window.location.search).has('card')) return null;
  const kept = sessionStorage.getItem(CARD_RETURN_KEY);
  sessionStorage.removeItem(CARD_RETURN_KEY);
  return kept;
}

/** Read once per document: later reads (React reads a snapshot more than once) find the address already cleaned. */
let read: { token: string | null } | undefined;
const readOnce = () => (read ??= { token: readFragmentToken() }).token;
const nothingToFollow = () => () => {};
const notYet = () => undefined;

/**
 * The fragment's token for a page that is prerendered: `undefined` in the HTML and while hydrating
 * (the build cannot know it, and the page must hydrate what it prerendered), then the token or `null`.
 */
export function useFragmentToken(): string | null | undefined {
  return useSyncExternalStore(nothingToFollow, readOnce, notYet);
}
