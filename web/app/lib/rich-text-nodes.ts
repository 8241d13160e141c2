/**
 * The chef's formatted text as plain data (made by rich-text-lexer.ts while the pages are rendered, shown
 * by components/ui/rich-text.tsx): strings and a few elements, never HTML.
 */
export type RichNode =
  | string
  | { t: 'p' | 'ul' | 'ol' | 'li' | 'strong' | 'em' | 'code' | 'br' | 'span'; c: RichNode[] }
  | { t: 'a'; href: string; c: RichNode[] };

/** The link schemes the chef's text may use. */
const SAFE_LINK = /^(https?:\/\/|mailto:|tel:)/i;

/**
 * `href` when it is an http(s), mailto: or tel: link, else undefined. Control characters and spaces are
 * refused outright (browsers strip some of them, which is how `java\tscript:` passes naive checks).
 */
export function safeHref(href: string): string | undefined {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f-\u009f\\]/.test(href)) return undefined;
  if (!SAFE_LINK.test(href)) return undefined;
  if (/^https?:\/\//i.test(href)) {
    try {
      const url = new URL(href);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    } catch {
      return undefined;
    }
  }
  return href;
}
