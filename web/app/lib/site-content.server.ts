import type { SiteContent } from '@content/editable.ts';
import { fetchPublishedSiteContent } from './published-source.server.ts';

declare module 'react-router' {
  interface AppLoadContext {
    /** The content to render: given by the local server when it renders a publication (server/src/site/). */
    siteContent?: SiteContent;
  }
}

let atBuild: Promise<SiteContent> | undefined;

/**
 * The site content the route loaders render (docs/site-editing.md): what the local server hands to the
 * render of a publication, else (`react-router build`) the build's published content, read once.
 * Loaders run only while pages are prerendered (ssr: false), never in a visitor's request.
 */
export function siteContentFor(context: { siteContent?: SiteContent } | undefined): Promise<SiteContent> {
  if (context?.siteContent) return Promise.resolve(context.siteContent);
  atBuild ??= fetchPublishedSiteContent();
  return atBuild;
}
