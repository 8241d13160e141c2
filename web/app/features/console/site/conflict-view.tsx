import { primarySmallButton, smallButton } from '../buttons.ts';
import { labelOf } from './form-model.ts';
import type { OtherVersion } from './site-api.ts';

/** Every leaf of a JSON value by its path ("packages › 1 › name"). */
function leaves(value: unknown, path: string[] = [], out = new Map<string, string>()): Map<string, string> {
  if (Array.isArray(value)) value.forEach((v, i) => leaves(v, [...path, String(i + 1)], out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) leaves(v, [...path, labelOf(k)], out);
  else out.set(path.join(' › '), value === undefined ? '' : String(value));
  return out;
}

/** The fields where two versions differ: [field, mine, theirs]. */
export function differences(mine: unknown, theirs: unknown): [string, string, string][] {
  const a = leaves(mine);
  const b = leaves(theirs);
  const rows: [string, string, string][] = [];
  for (const path of new Set([...a.keys(), ...b.keys()])) {
    if (a.get(path) !== b.get(path)) rows.push([path, a.get(path) ?? '—', b.get(path) ?? '—']);
  }
  return rows;
}

const when = (iso: string | null) =>
  iso
    ? new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
    : 'an unknown time';

/**
 * A save refused because another tab or device saved this document after it was opened: both versions,
 * side by side, field by field. Nothing is overwritten unless the chef chooses to.
 */
export function ConflictView({
  mine,
  other,
  saving,
  onKeepMine,
  onTakeOther,
}: {
  mine: unknown;
  other: OtherVersion;
  saving: boolean;
  onKeepMine: () => void;
  onTakeOther: () => void;
}) {
  const rows = differences(mine, other.draft);
  return (
    <div role="alert" className="mt-4 rounded-xl border border-red-300/50 bg-red-950/40 p-4">
      <h3 className="text-lg font-semibold text-cream">Changed elsewhere: not saved</h3>
      <p className="mt-1 text-sm text-sand">
        {other.updatedBy ?? 'Someone'} saved this at {when(other.updatedAt)}, after you opened it. Your changes are
        still here; compare both versions, then choose.
      </p>
      <div className="mt-3 max-h-80 overflow-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">The two versions, field by field</caption>
          <thead>
            <tr className="text-sand">
              <th scope="col" className="py-1 pr-3">
                Field
              </th>
              <th scope="col" className="py-1 pr-3">
                Your version
              </th>
              <th scope="col" className="py-1">
                Saved elsewhere
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, 40).map(([field, a, b]) => (
              <tr key={field} className="border-t border-cream/10 align-top">
                <th scope="row" className="py-1 pr-3 font-normal text-sand">
                  {field}
                </th>
                <td className="py-1 pr-3 break-words text-cream">{a}</td>
                <td className="py-1 break-words text-cream">{b}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 && <p className="text-sm text-sand">Both versions hold the same values.</p>}
        {rows.length > 40 && <p className="mt-1 text-sm text-sand">And {rows.length - 40} more fields.</p>}
      </div>
      <div className="mt-3 flex flex-wrap gap-3">
        <button type="button" className={primarySmallButton} disabled={saving} onClick={onKeepMine}>
          Save mine over it
        </button>
        <button type="button" className={smallButton} disabled={saving} onClick={onTakeOther}>
          Use the other version
        </button>
      </div>
    </div>
  );
}
