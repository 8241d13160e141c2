import { LoaderCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { SiteDocumentKey } from '@content/editable.ts';
import { toast } from '~/components/ui/toast-store.ts';
import { primarySmallButton, smallButton } from '../buttons.ts';
import { ConflictView } from './conflict-view.tsx';
import { formSchema, validate } from './form-model.ts';
import { Field } from './schema-form.tsx';
import { saveDraft, StaleVersionError, type OtherVersion, type SiteDocument } from './site-api.ts';

/**
 * One document's form. What the chef types is kept in this browser's storage until it is saved, so a
 * failed save, a closed tab or a lost connection loses nothing; the save names the version it was
 * edited from, and a version saved elsewhere in between is refused and shown beside this one.
 */

const storageKey = (key: SiteDocumentKey) => `chef-site-draft:${key}`;

interface Local {
  base: number;
  value: unknown;
}

function readLocal(key: SiteDocumentKey): Local | null {
  try {
    const raw = localStorage.getItem(storageKey(key));
    return raw ? (JSON.parse(raw) as Local) : null;
  } catch {
    return null;
  }
}

function writeLocal(key: SiteDocumentKey, local: Local | null) {
  try {
    if (local) localStorage.setItem(storageKey(key), JSON.stringify(local));
    else localStorage.removeItem(storageKey(key));
  } catch {
    // Storage full or blocked: the form still holds the value.
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function DocumentEditor({
  doc,
  title,
  onSaved,
  onDirty,
}: {
  doc: SiteDocument;
  title: string;
  onSaved: () => void;
  onDirty: (key: SiteDocumentKey, dirty: boolean) => void;
}) {
  const key = doc.key;
  const [state, setState] = useState(() => {
    const local = readLocal(key);
    if (local && !same(local.value, doc.draft))
      return { value: local.value, base: local.base, saved: doc.draft, restored: true };
    return { value: doc.draft, base: doc.version, saved: doc.draft, restored: false };
  });
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const [conflict, setConflict] = useState<OtherVersion | null>(null);
  const [saving, setSaving] = useState(false);
  const dirty = !same(state.value, state.saved);

  useEffect(() => onDirty(key, dirty), [key, dirty, onDirty]);

  // A newer saved draft (after a restore, say) replaces an untouched form; a form with unsaved
  // changes keeps them, and its save names the version they were made from.
  const [seenVersion, setSeenVersion] = useState(doc.version);
  if (seenVersion !== doc.version) {
    setSeenVersion(doc.version);
    if (!dirty && state.base !== doc.version)
      setState({ value: doc.draft, base: doc.version, saved: doc.draft, restored: false });
  }

  function change(value: unknown) {
    setState((s) => ({ ...s, value }));
    writeLocal(key, { base: state.base, value });
    if (errors.size) {
      const checked = validate(key, value);
      setErrors(checked.ok ? new Map() : checked.errors);
    }
  }

  async function save(overVersion?: number) {
    const checked = validate(key, state.value);
    if (!checked.ok) {
      setErrors(checked.errors);
      toast({
        title: 'Check the marked fields',
        description: `${checked.errors.size} field${checked.errors.size === 1 ? '' : 's'} of ${title} need attention. Nothing was saved.`,
        variant: 'destructive',
      });
      return;
    }
    setErrors(new Map());
    setSaving(true);
    try {
      const saved = await saveDraft(key, checked.data, overVersion ?? state.base);
      setState({ value: checked.data, base: saved.version, saved: checked.data, restored: false });
      writeLocal(key, null);
      setConflict(null);
      toast({ title: 'Draft saved', description: `${title}: not public until you publish.` });
      onSaved();
    } catch (err) {
      if (err instanceof StaleVersionError) {
        setConflict(err.other);
      } else {
        toast({
          title: 'The draft was not saved',
          description: `${err instanceof Error ? err.message : String(err)} Your changes are kept in this browser.`,
          variant: 'destructive',
        });
      }
    } finally {
      setSaving(false);
    }
  }

  function takeOther(other: OtherVersion) {
    setState({ value: other.draft, base: other.version, saved: other.draft, restored: false });
    writeLocal(key, null);
    setConflict(null);
    setErrors(new Map());
  }

  return (
    <section aria-labelledby={`doc-${key}`} className="min-w-0">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`doc-${key}`} className="font-display text-2xl font-semibold text-cream">
          {title}
        </h2>
        <p className="text-sm text-sand" aria-live="polite">
          {dirty ? 'Unsaved changes' : doc.unpublished ? 'Saved draft, not published yet' : 'Same as the live site'}
        </p>
      </div>
      {state.restored && (
        <p role="status" className="mt-3 rounded-lg border border-gold/40 bg-gold/10 p-3 text-sm text-cream">
          Changes you had not saved were restored from this browser.
        </p>
      )}
      {conflict && (
        <ConflictView
          mine={state.value}
          other={conflict}
          saving={saving}
          onKeepMine={() => void save(conflict.version)}
          onTakeOther={() => takeOther(conflict)}
        />
      )}
      <form
        noValidate
        className="mt-4"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {errors.size > 0 && (
          <p role="alert" className="mb-3 rounded-lg border border-red-300/50 bg-red-900/30 p-3 text-sm text-red-100">
            {errors.size} field{errors.size === 1 ? '' : 's'} need{errors.size === 1 ? 's' : ''} attention before this
            draft can be saved.
          </p>
        )}
        <Field
          schema={formSchema(key)}
          name={key}
          label={title}
          value={state.value}
          path={[]}
          onChange={change}
          errors={errors}
          folder={key}
          required
        />
        <div className="sticky bottom-0 z-10 -mx-4 mt-6 flex flex-wrap gap-3 border-t border-cream/10 bg-ink/95 px-4 py-3 backdrop-blur">
          <button type="submit" className={primarySmallButton} disabled={saving}>
            {saving && <LoaderCircle aria-hidden className="size-4 animate-spin" />} Save draft
          </button>
          <button
            type="button"
            className={smallButton}
            disabled={saving || !dirty}
            onClick={() => takeOther({ version: state.base, draft: state.saved, updatedAt: null, updatedBy: null })}
          >
            Discard changes
          </button>
        </div>
      </form>
    </section>
  );
}
