/**
 * The token a safe link carries in its fragment (`…#token=…`: never sent to a server, so never in a
 * log), read once and taken out of the address bar so that it is not bookmarked, shared or left in
 * the history. Used by the pages the e-mails' links open (/mail-action, /quote).
 */
export function readFragmentToken(): string | null {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
  if (token) window.history.replaceState(null, '', window.location.pathname);
  return token;
}
