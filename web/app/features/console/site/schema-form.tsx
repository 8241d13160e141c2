import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { images } from '@content/media.ts';
import { fromCents, toCents } from '../money.ts';
import {
  emptyValue,
  isLongText,
  isMoney,
  itemLabelOf,
  itemTitle,
  labelOf,
  pathKey,
  variantOf,
  type FieldSchema,
  type Path,
} from './form-model.ts';
import { PhotoField } from './photo-field.tsx';

export const inputClass =
  'mt-1 block w-full rounded-lg border border-cream/20 bg-ink/60 px-3 py-2 text-base text-cream focus:border-gold focus:outline-none focus-visible:outline-2 focus-visible:outline-gold aria-[invalid=true]:border-red-300';
const iconButton =
  'inline-flex size-11 items-center justify-center rounded-full border border-cream/20 text-sand hover:border-gold hover:text-gold disabled:opacity-40';
const addButton =
  'mt-2 inline-flex min-h-11 items-center gap-1.5 rounded-full border border-dashed border-cream/30 px-4 text-sm font-semibold text-sand hover:border-gold hover:text-gold';

export interface FieldProps {
  schema: FieldSchema;
  /** The property's name (or the list's, for an item). */
  name: string;
  label: string;
  value: unknown;
  path: Path;
  onChange: (value: unknown) => void;
  errors: Map<string, string>;
  /** The Storage folder an uploaded photo goes to (the document's key). */
  folder: string;
  required?: boolean;
}

function typeOf(schema: FieldSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type[0] : schema.type;
}

/** One field of the document, drawn from its schema. */
export function Field(props: FieldProps): ReactNode {
  const { schema, name } = props;
  if (schema.anyOf) return <Field {...props} schema={variantOf(schema, props.value)} />;
  const type = typeOf(schema);
  if (type === 'object') return <ObjectField {...props} />;
  if (type === 'array') return <ListField {...props} />;
  if (name === 'photo') return <PhotoField {...props} />;
  return <ScalarField {...props} />;
}

function ErrorText({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-200">
      {message}
    </p>
  );
}

function ScalarField({ schema, name, label, value, path, onChange, errors, required }: FieldProps) {
  const id = useId();
  const error = errors.get(pathKey(path));
  const describedBy = error ? `${id}-error` : undefined;
  const type = typeOf(schema);
  const common = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy } as const;
  // A money field keeps what the chef types until it reads as an amount.
  const [moneyText, setMoneyText] = useState<string | null>(null);

  let control: ReactNode;
  if (type === 'boolean') {
    return (
      <div className="py-1">
        <label htmlFor={id} className="flex min-h-11 items-center gap-3 text-sm font-semibold text-cream">
          <input
            {...common}
            type="checkbox"
            className="size-5 accent-gold"
            checked={value === true}
            onChange={(e) => onChange(e.target.checked)}
          />
          {label}
        </label>
        <ErrorText id={`${id}-error`} message={error} />
      </div>
    );
  }
  if (schema.enum || name === 'image' || name === 'video') {
    const options = schema.enum ? schema.enum.map(String) : name === 'image' ? Object.keys(images) : [];
    control = (
      <select
        {...common}
        className={inputClass}
        value={value === undefined ? '' : String(value)}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
      >
        {(!required || value === undefined) && <option value="">{required ? 'Choose…' : 'None'}</option>}
        {options.map((o) => (
          <option key={o} value={o}>
            {name === 'image' ? (images[o as keyof typeof images]?.alt ?? o) : o}
          </option>
        ))}
      </select>
    );
  } else if (isMoney(name)) {
    const shown = moneyText ?? (typeof value === 'number' ? fromCents(value) : '');
    control = (
      <input
        {...common}
        inputMode="decimal"
        className={inputClass}
        value={shown}
        onChange={(e) => {
          setMoneyText(e.target.value);
          const cents = toCents(e.target.value);
          // Not an amount yet: kept as typed, and the schema says what is wrong when it is saved.
          onChange(cents ?? e.target.value);
        }}
        onBlur={() => setMoneyText(null)}
      />
    );
  } else if (type === 'integer' || type === 'number') {
    control = (
      <input
        {...common}
        type="number"
        inputMode={type === 'integer' ? 'numeric' : 'decimal'}
        step={type === 'integer' ? 1 : 'any'}
        min={schema.minimum}
        max={schema.maximum}
        className={inputClass}
        value={typeof value === 'number' ? value : ''}
        onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
      />
    );
  } else if (isLongText(name, schema, value)) {
    control = (
      <textarea
        {...common}
        rows={3}
        className={inputClass}
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  } else {
    control = (
      <input
        {...common}
        type={schema.format === 'email' ? 'email' : schema.format === 'uri' ? 'url' : name === 'phone' ? 'tel' : 'text'}
        className={inputClass}
        value={typeof value === 'string' ? value : value === undefined ? '' : String(value)}
        // An optional text left empty is absent, not an empty string.
        onChange={(e) => onChange(e.target.value === '' && !required ? undefined : e.target.value)}
      />
    );
  }
  return (
    <div className="py-1">
      <label htmlFor={id} className="block text-sm font-semibold text-cream">
        {label}
      </label>
      {control}
      <ErrorText id={`${id}-error`} message={error} />
    </div>
  );
}

function ObjectField({ schema, label, value, path, onChange, errors, folder }: FieldProps) {
  const obj = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const required = new Set(schema.required ?? []);
  const error = errors.get(pathKey(path));
  const set = (key: string, v: unknown) => {
    const next = { ...obj };
    if (v === undefined) delete next[key];
    else next[key] = v;
    onChange(next);
  };
  const fields = Object.entries(schema.properties ?? {}).map(([key, prop]) => {
    const sub = [...path, key];
    const optionalPart = !required.has(key) && typeOf(prop) === 'object';
    if (optionalPart && obj[key] === undefined) {
      return (
        <button key={key} type="button" className={addButton} onClick={() => set(key, emptyValue(prop))}>
          <Plus aria-hidden className="size-4" /> Add {labelOf(key).toLowerCase()}
        </button>
      );
    }
    return (
      <div key={key}>
        <Field
          schema={prop}
          name={key}
          label={labelOf(key)}
          value={obj[key]}
          path={sub}
          onChange={(v) => set(key, v)}
          errors={errors}
          folder={folder}
          required={required.has(key)}
        />
        {optionalPart && (
          <button
            type="button"
            className="text-sm text-sand underline hover:text-gold"
            onClick={() => set(key, undefined)}
          >
            Remove {labelOf(key).toLowerCase()}
          </button>
        )}
      </div>
    );
  });
  if (path.length === 0) return <div className="space-y-2">{fields}</div>;
  return (
    <fieldset className="mt-2 rounded-xl border border-cream/10 p-3 sm:p-4">
      <legend className="px-1 text-sm font-semibold text-gold">{label}</legend>
      {error && <p className="text-sm text-red-200">{error}</p>}
      <div className="space-y-2">{fields}</div>
    </fieldset>
  );
}

function ListField({ schema, name, label, value, path, onChange, errors, folder }: FieldProps) {
  const list = Array.isArray(value) ? value : [];
  const itemSchema = schema.items ?? {};
  const item = itemLabelOf(name);
  const error = errors.get(pathKey(path));
  const move = (from: number, to: number) => {
    const next = [...list];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved);
    onChange(next);
  };
  const variants = itemSchema.anyOf ?? [itemSchema];
  const scalarItems = typeOf(itemSchema) !== 'object' && !itemSchema.anyOf;

  const body = (
    <>
      {error && <p className="text-sm text-red-200">{error}</p>}
      <ol className="space-y-2">
        {list.map((entry, i) => {
          const title = itemTitle(entry);
          const itemName = `${item} ${i + 1}${title && !scalarItems ? `: ${title}` : ''}`;
          const controls = (
            <div className="flex shrink-0 gap-1">
              <button
                type="button"
                className={iconButton}
                aria-label={`Move ${itemName} up`}
                disabled={i === 0}
                onClick={() => move(i, i - 1)}
              >
                <ArrowUp aria-hidden className="size-4" />
              </button>
              <button
                type="button"
                className={iconButton}
                aria-label={`Move ${itemName} down`}
                disabled={i === list.length - 1}
                onClick={() => move(i, i + 1)}
              >
                <ArrowDown aria-hidden className="size-4" />
              </button>
              <button
                type="button"
                className={iconButton}
                aria-label={`Remove ${itemName}`}
                onClick={() => onChange(list.filter((_, j) => j !== i))}
              >
                <Trash2 aria-hidden className="size-4" />
              </button>
            </div>
          );
          const field = (
            <Field
              schema={itemSchema}
              name={scalarItems ? name : `${name}[]`}
              label={itemName}
              value={entry}
              path={[...path, i]}
              onChange={(v) => onChange(list.map((x, j) => (j === i ? v : x)))}
              errors={errors}
              folder={folder}
              required
            />
          );
          if (scalarItems) {
            return (
              <li key={i} className="flex items-end gap-2">
                <div className="min-w-0 flex-1">{field}</div>
                {controls}
              </li>
            );
          }
          const hidden = (entry as { hidden?: unknown } | null)?.hidden === true;
          return (
            <li key={i}>
              <details
                className="rounded-xl border border-cream/10 bg-charcoal/40 open:bg-charcoal/60"
                open={list.length <= 3 && path.length > 0}
              >
                <summary className="flex min-h-11 cursor-pointer items-center gap-2 px-3 py-2 text-sm font-semibold text-cream">
                  <span className="min-w-0 flex-1 truncate">{itemName}</span>
                  {hidden && <span className="rounded-full bg-cream/10 px-2 py-0.5 text-xs text-sand">Hidden</span>}
                  {[...errors.keys()].some(
                    (k) => k.startsWith(`${pathKey([...path, i])}.`) || k === pathKey([...path, i]),
                  ) && (
                    <span className="rounded-full bg-red-900/60 px-2 py-0.5 text-xs text-red-100">Needs attention</span>
                  )}
                </summary>
                <div className="border-t border-cream/10 p-3">
                  {controls}
                  {field}
                </div>
              </details>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap gap-2">
        {variants.map((v, vi) => {
          const what =
            variants.length > 1
              ? v.required?.includes('section')
                ? `${labelOf('section').toLowerCase()}`
                : item.toLowerCase()
              : item.toLowerCase();
          return (
            <button
              key={vi}
              type="button"
              className={addButton}
              onClick={() => onChange([...list, emptyValue(v, list)])}
            >
              <Plus aria-hidden className="size-4" /> Add {what}
            </button>
          );
        })}
      </div>
    </>
  );
  if (path.length === 0) return <div>{body}</div>;
  return (
    <fieldset className="mt-2 rounded-xl border border-cream/10 p-3 sm:p-4">
      <legend className="px-1 text-sm font-semibold text-gold">{label}</legend>
      {body}
    </fieldset>
  );
}
