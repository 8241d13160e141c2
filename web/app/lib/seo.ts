// chunk: shell
import type { MetaDescriptor } from 'react-router';
import { pages } from '@content/pages.ts';
import { site } from '@content/site.ts';
import { mediaImage, ogImageUrl } from '~/components/ui/picture.tsx';
import { routes, type RouteId } from '~/paths.ts';

export interface MetaOptions {
  /** Overrides for pages whose head depends on data (a recipe's title, say). */
  title?: string;
  description?: string;
  keywords?: string[];
  /** The page's own path, when it is not the registry's (e.g. /recipe/2). */
  path?: string;
  /** Absolute or root-relative image for social cards (default: the site's 1200x630 card). */
  image?: string;
  /** Alt text of `image`. */
  imageAlt?: string;
  /** JSON-LD objects to embed. */
  jsonLd?: object[];
}

/** Escapes `<` so a JSON-LD string can never close its script element. */
export const jsonLdString = (data: object) => JSON.stringify(data).replace(/</g, '\\u003c');

/**
 * Head tags of a page: title, description, keywords, canonical URL, Open Graph and Twitter card,
 * robots (noindex for pages the registry marks as not indexed), and JSON-LD.
 */
export function pageMeta(id: RouteId, options: MetaOptions = {}): MetaDescriptor[] {
  const page = pages[id];
  const entry = routes[id];
  const title = options.title ?? page.title;
  const description = options.description ?? page.description;
  const keywords = options.keywords ?? page.keywords;
  const path = options.path ?? entry.path;
  const url = `${site.origin}${path === '/' ? '/' : path}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    { name: 'keywords', content: keywords.join(', ') },
    { property: 'og:site_name', content: site.name },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
  ];
  if (entry.indexed && id !== 'notFound') {
    tags.push({ tagName: 'link', rel: 'canonical', href: url }, { property: 'og:url', content: url });
  } else {
    tags.push({ name: 'robots', content: 'noindex, nofollow' });
    // Not indexed, but still shareable (a payment link sent to a client shows a proper card).
    if (id !== 'notFound') tags.push({ property: 'og:url', content: url });
  }
  if (options.image) {
    const image = options.image.startsWith('http') ? options.image : `${site.origin}${options.image}`;
    tags.push({ property: 'og:image', content: image }, { name: 'twitter:image', content: image });
    if (options.imageAlt) {
      tags.push(
        { property: 'og:image:alt', content: options.imageAlt },
        { name: 'twitter:image:alt', content: options.imageAlt },
      );
    }
  } else {
    // The site's social card: a JPEG (every platform reads it) of known size and alt text.
    const card = mediaImage('ogImage');
    const image = `${site.origin}${ogImageUrl()}`;
    tags.push(
      { property: 'og:image', content: image },
      { property: 'og:image:type', content: image.endsWith('.jpg') ? 'image/jpeg' : 'image/webp' },
      { property: 'og:image:width', content: String(card.width) },
      { property: 'og:image:height', content: String(card.height) },
      { property: 'og:image:alt', content: card.alt },
      { name: 'twitter:image', content: image },
      { name: 'twitter:image:alt', content: card.alt },
    );
  }
  for (const data of options.jsonLd ?? []) tags.push({ 'script:ld+json': data });
  return tags;
}
