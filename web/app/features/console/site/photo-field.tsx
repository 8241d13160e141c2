import { LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '~/components/ui/toast-store.ts';
import { pathKey } from './form-model.ts';
import type { FieldProps } from './schema-form.tsx';
import { photoUrl, uploadPhoto } from './site-api.ts';

/**
 * An uploaded photo: the file goes to the site's bucket at once (the server sniffs and re-encodes it);
 * the document keeps its path, saved with the draft. Removing it only clears the field.
 */
export function PhotoField({ label, value, path, onChange, errors, folder }: FieldProps) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const error = errors.get(pathKey(path));
  const photo = typeof value === 'string' && value ? value : null;

  const url = photo ? photoUrl(photo) : null;

  async function upload(file: File) {
    setBusy(true);
    try {
      onChange(await uploadPhoto(folder, file));
    } catch (err) {
      toast({
        title: 'The photo was not uploaded',
        description: err instanceof Error ? err.message : String(err),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="py-1">
      <label htmlFor={id} className="block text-sm font-semibold text-cream">
        {label}
      </label>
      <div className="mt-1 flex flex-wrap items-center gap-3">
        {url && <img src={url} alt="" className="size-20 rounded-lg object-cover" />}
        <input
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          disabled={busy}
          aria-invalid={error ? true : undefined}
          className="block min-h-11 max-w-full text-sm text-sand file:mr-3 file:min-h-11 file:rounded-full file:border-0 file:bg-gold file:px-4 file:font-semibold file:text-ink"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void upload(file);
          }}
        />
        {busy && (
          <span role="status" className="flex items-center gap-2 text-sm text-sand">
            <LoaderCircle aria-hidden className="size-4 animate-spin" /> Uploading…
          </span>
        )}
        {photo && !busy && (
          <button
            type="button"
            className="min-h-11 text-sm text-sand underline hover:text-gold"
            onClick={() => onChange(undefined)}
          >
            Remove photo
          </button>
        )}
      </div>
      {photo && <p className="mt-1 text-xs break-all text-muted">{photo}</p>}
      {error && <p className="mt-1 text-sm text-red-200">{error}</p>}
    </div>
  );
}
