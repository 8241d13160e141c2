import { Lexer, type Token, type Tokens } from 'marked';
import { safeHref, type RichNode } from './rich-text-nodes.ts';

/**
 * The chef's text (docs/site-editing.md): plain text, or a small markdown subset: paragraphs, line breaks,
 * **bold**, _italic_, `code`, bulleted and numbered lists, and links to http(s), mailto: and tel: only.
 * Read with marked's lexer while the pages are rendered (in the browser only in a preview tab, whose lazy
 * chunk carries it: web/app/features/preview/), into plain nodes that <RichText> renders as React
 * elements: there is no HTML string anywhere, so raw HTML in the text is shown as the text it is, and a
 * link to anything else is its text alone. Headings, images, tables, quotes and the rest of markdown are
 * shown as their text.
 */
export function richText(markdown: string): RichNode[] {
  return blocks(new Lexer({ gfm: true }).lex(markdown));
}

function blocks(tokens: Token[]): RichNode[] {
  const out: RichNode[] = [];
  for (const token of tokens) {
    switch (token.type) {
      case 'space':
        break;
      case 'paragraph':
        out.push({ t: 'p', c: inline((token as Tokens.Paragraph).tokens) });
        break;
      case 'list': {
        const list = token as Tokens.List;
        out.push({ t: list.ordered ? 'ol' : 'ul', c: list.items.map((item) => ({ t: 'li', c: listItem(item) })) });
        break;
      }
      case 'text':
        out.push({ t: 'p', c: 'tokens' in token && token.tokens ? inline(token.tokens) : [token.text] });
        break;
      default:
        // Anything else (a heading, a quote, raw HTML, a table…): its source, as text.
        if (token.raw.trim()) out.push({ t: 'p', c: [token.raw.trim()] });
    }
  }
  return out;
}

function listItem(item: Tokens.ListItem): RichNode[] {
  // A tight item holds `text` tokens with inline tokens inside; a loose one holds paragraphs.
  return item.tokens.flatMap((token): RichNode[] => {
    if (token.type === 'text') return 'tokens' in token && token.tokens ? inline(token.tokens) : [token.text];
    if (token.type === 'list') return blocks([token]);
    if (token.type === 'paragraph') return inline((token as Tokens.Paragraph).tokens);
    return token.raw.trim() ? [token.raw] : [];
  });
}

function inline(tokens: Token[] | undefined): RichNode[] {
  const out: RichNode[] = [];
  for (const token of tokens ?? []) {
    switch (token.type) {
      case 'text':
      case 'escape':
        out.push(...('tokens' in token && token.tokens ? inline(token.tokens) : [token.text]));
        break;
      case 'strong':
      case 'em':
        out.push({ t: token.type, c: inline((token as Tokens.Strong).tokens) });
        break;
      case 'codespan':
        out.push({ t: 'code', c: [(token as Tokens.Codespan).text] });
        break;
      case 'br':
        out.push({ t: 'br', c: [] });
        break;
      case 'link': {
        const link = token as Tokens.Link;
        const href = safeHref(link.href);
        out.push(href ? { t: 'a', href, c: inline(link.tokens) } : { t: 'span', c: inline(link.tokens) });
        break;
      }
      default:
        // Raw HTML, an image, a deleted span…: the source as text.
        out.push(token.raw);
    }
  }
  return out;
}
