import { LoaderCircle } from 'lucide-react';
import { useCallback, useState } from 'react';
import { SITE_DOCUMENT_KEYS, type SiteDocumentKey } from '@content/editable.ts';
import { cn } from '~/lib/cn.ts';
import { smallButton } from '../buttons.ts';
import { useLoad } from '../use-load.ts';
import { DocumentEditor } from './document-editor.tsx';
import { PublishPanel } from './publish-panel.tsx';
import { loadDocuments } from './site-api.ts';

/** What each document is called in the console. */
export const DOCUMENT_TITLES: Record<SiteDocumentKey, string> = {
  brand: 'Brand and contact',
  pricing: 'Prices and services',
  pages: 'Page texts',
  testimonials: 'Testimonials',
  recipes: 'Recipes',
  gallery: 'Gallery',
  quotes: 'Quote settings',
};

/**
 * /console?section=site: the chef edits the site's content as drafts (one form per document), previews
 * them through a private link, publishes them all at once, and can restore any earlier publication.
 */
export function SitePanel() {
  const docs = useLoad(loadDocuments, 'site-documents');
  const [open, setOpen] = useState<SiteDocumentKey>('brand');
  // Forms once opened stay mounted (hidden), so switching documents keeps what was typed.
  const [visited, setVisited] = useState<Set<SiteDocumentKey>>(() => new Set(['brand']));
  const [dirty, setDirty] = useState<Set<SiteDocumentKey>>(new Set());
  const onDirty = useCallback((key: SiteDocumentKey, is: boolean) => {
    setDirty((d) => {
      if (d.has(key) === is) return d;
      const next = new Set(d);
      if (is) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);

  const choose = (key: SiteDocumentKey) => {
    setOpen(key);
    setVisited((v) => (v.has(key) ? v : new Set(v).add(key)));
  };

  if (!docs.data) {
    return docs.error ? (
      <div className="py-10">
        <p className="text-red-200">The site’s content could not be loaded: {docs.error}</p>
        <button type="button" className={`${smallButton} mt-4`} onClick={docs.reload}>
          Try again
        </button>
      </div>
    ) : (
      <p role="status" className="flex items-center gap-3 py-10 text-sand">
        <LoaderCircle aria-hidden className="size-5 animate-spin text-gold" /> Loading the site’s content…
      </p>
    );
  }
  const data = docs.data;

  return (
    <div>
      <h1 className="font-display text-3xl font-semibold text-cream">Your site</h1>
      <p className="mt-1 max-w-prose text-sand">
        Edit a page’s content, save it as a draft, preview the whole site, then publish.
      </p>
      <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="min-w-0">
          <nav aria-label="Site content">
            <ul className="flex flex-wrap gap-2">
              {SITE_DOCUMENT_KEYS.map((key) => (
                <li key={key}>
                  <button
                    type="button"
                    aria-pressed={open === key}
                    onClick={() => choose(key)}
                    className={cn(
                      'inline-flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm font-semibold',
                      open === key
                        ? 'border-gold bg-gold text-ink'
                        : 'border-cream/20 text-sand hover:border-gold hover:text-gold',
                    )}
                  >
                    {DOCUMENT_TITLES[key]}
                    {(dirty.has(key) || data[key].unpublished) && (
                      <span
                        aria-label={dirty.has(key) ? '(unsaved changes)' : '(draft not published)'}
                        className={cn('size-2 rounded-full', dirty.has(key) ? 'bg-red-300' : 'bg-cream/60')}
                      />
                    )}
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          <div className="mt-6">
            {SITE_DOCUMENT_KEYS.filter((key) => visited.has(key)).map((key) => (
              <div key={key} hidden={open !== key}>
                <DocumentEditor doc={data[key]} title={DOCUMENT_TITLES[key]} onSaved={docs.reload} onDirty={onDirty} />
              </div>
            ))}
          </div>
        </div>
        <PublishPanel unsaved={[...dirty]} titles={DOCUMENT_TITLES} onPublished={docs.reload} />
      </div>
    </div>
  );
}
