import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { toast } from '~/components/ui/toast-store.ts';
import { dangerSmallButton, primarySmallButton, smallButton } from '../buttons.ts';
import { useLoad } from '../use-load.ts';
import { labelOf } from './form-model.ts';
import { createPreview, loadHistory, publishSite, rollbackSite, type Publication } from './site-api.ts';

/** Where a preview token opens the whole site with the drafts (docs/site-editing.md). */
export const previewUrl = (token: string) => `/preview#token=${token}`;

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Preview, Publish and the history. Publishing makes every saved draft live at once; restoring an
 * earlier publication publishes it again as a new one and replaces the drafts with it (the drafts that
 * were not published are kept with that publication), so nothing unpublished goes live by surprise.
 */
export function PublishPanel({
  unsaved,
  titles,
  onPublished,
}: {
  unsaved: string[];
  titles: Record<string, string>;
  onPublished: () => void;
}) {
  const history = useLoad(loadHistory, 'history');
  const [confirming, setConfirming] = useState<'publish' | number | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(what: () => Promise<unknown>, done: string, failedTitle: string) {
    setBusy(true);
    try {
      await what();
      toast({ title: done });
      setConfirming(null);
      history.reload();
      onPublished();
    } catch (err) {
      toast({ title: failedTitle, description: errorText(err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  async function preview() {
    // Opened before the token is known: a window opened after an await is blocked as a pop-up.
    const tab = window.open('', '_blank');
    try {
      const token = await createPreview();
      if (tab) tab.location.href = previewUrl(token);
      else window.location.assign(previewUrl(token));
    } catch (err) {
      tab?.close();
      toast({ title: 'No preview link', description: errorText(err), variant: 'destructive' });
    }
  }

  const changeText = (p: Publication) =>
    p.changes.length === 0
      ? 'No change'
      : p.changes
          .map(
            (c) =>
              `${titles[c.key] ?? c.key}${c.fields?.length ? ` (${c.fields.slice(0, 4).map(labelOf).join(', ')}${c.fields.length > 4 ? ', …' : ''})` : ''}`,
          )
          .join('; ');

  return (
    <aside aria-labelledby="publish-heading" className="rounded-2xl border border-cream/10 bg-charcoal p-4">
      <h2 id="publish-heading" className="font-display text-xl font-semibold text-cream">
        Publish
      </h2>
      <p className="mt-1 text-sm text-sand">Saved drafts are private. Preview them, then publish them all at once.</p>
      <div className="mt-3 flex flex-wrap gap-3">
        <button type="button" className={smallButton} onClick={() => void preview()}>
          Preview
        </button>
        <button type="button" className={primarySmallButton} disabled={busy} onClick={() => setConfirming('publish')}>
          Publish
        </button>
      </div>
      {confirming === 'publish' && (
        <div role="alertdialog" aria-labelledby="confirm-publish" className="mt-3 rounded-xl border border-gold/40 p-3">
          <p id="confirm-publish" className="text-sm text-cream">
            Publish every saved draft now? The site changes for every visitor.
          </p>
          {unsaved.length > 0 && (
            <p className="mt-1 text-sm text-red-200">
              Not saved, so not published: {unsaved.map((k) => titles[k] ?? k).join(', ')}.
            </p>
          )}
          <div className="mt-2 flex flex-wrap gap-3">
            <button
              type="button"
              className={primarySmallButton}
              disabled={busy}
              onClick={() => void run(publishSite, 'Published', 'Nothing was published')}
            >
              {busy && <LoaderCircle aria-hidden className="size-4 animate-spin" />} Publish now
            </button>
            <button type="button" className={smallButton} onClick={() => setConfirming(null)}>
              Cancel
            </button>
          </div>
        </div>
      )}

      <h3 className="mt-6 text-lg font-semibold text-cream">History</h3>
      {history.error && <p className="mt-2 text-sm text-red-200">{history.error}</p>}
      {history.data && history.data.length === 0 && (
        <p className="mt-2 text-sm text-sand">Nothing published yet: the site shows its first content.</p>
      )}
      <ol className="mt-2 space-y-3">
        {history.data?.map((p, i) => (
          <li key={p.id} className="rounded-xl border border-cream/10 p-3 text-sm">
            <p className="font-semibold text-cream">
              {when(p.publishedAt)}
              {i === 0 && <span className="ml-2 rounded-full bg-gold/20 px-2 py-0.5 text-xs text-gold">Live</span>}
            </p>
            <p className="text-sand">
              by {p.publishedBy ?? 'an account since removed'}
              {p.restoredFrom !== null && ` · restored publication #${p.restoredFrom}`} · #{p.id}
            </p>
            <p className="mt-1 break-words text-cream">{changeText(p)}</p>
            {i > 0 &&
              (confirming === p.id ? (
                <div role="alertdialog" aria-labelledby={`confirm-restore-${p.id}`} className="mt-2">
                  <p id={`confirm-restore-${p.id}`} className="text-cream">
                    Publish this version again now? Your drafts become this version too; drafts not yet published are
                    kept in the history.
                  </p>
                  <div className="mt-2 flex flex-wrap gap-3">
                    <button
                      type="button"
                      className={dangerSmallButton}
                      disabled={busy}
                      onClick={() => void run(() => rollbackSite(p.id), 'Version restored', 'Nothing was restored')}
                    >
                      Restore now
                    </button>
                    <button type="button" className={smallButton} onClick={() => setConfirming(null)}>
                      Cancel
                    </button>
                  </div>
                </div>
              ) : (
                <button type="button" className={`${smallButton} mt-2`} onClick={() => setConfirming(p.id)}>
                  Restore this version
                </button>
              ))}
          </li>
        ))}
      </ol>
    </aside>
  );
}
