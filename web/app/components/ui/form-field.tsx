import { useSyncExternalStore } from 'react';
import { cn } from '~/lib/cn.ts';

/** Props a form control needs to be tied to its label, hint and error message. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

/** Classes of a text input, select or textarea; red border when invalid. */
export const controlClass = (invalid: boolean, className?: string) =>
  cn(
    'block w-full rounded-lg border bg-ink/60 px-4 py-3 text-base text-cream placeholder:text-muted/70',
    'can-hover:transition-colors focus:border-gold focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-gold',
    'disabled:opacity-60',
    invalid ? 'border-red-400' : 'border-cream/15 hover:border-cream/30',
    className,
  );

/**
 * A labelled form field: visible label, the control (a render function receiving `id`,
 * `aria-invalid` and `aria-describedby`), an optional hint and the error message next to it.
 */
export function FormField({
  id,
  label,
  hint,
  error,
  optional,
  className,
  children,
}: {
  id: string;
  label: string;
  hint?: React.ReactNode;
  error?: string;
  /** Shown after the label when the field may be left empty (and the label does not say so). */
  optional?: boolean;
  className?: string;
  children: (control: FieldControlProps) => React.ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <label htmlFor={id} className="text-sm font-semibold text-sand">
        {label}
        {optional && <span className="ml-1 font-normal text-muted">(optional)</span>}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A honeypot: a text field people never see or reach (off-screen, out of the tab order, hidden from
 * assistive technology) that form-filling bots tend to fill. The form sends its value as the
 * `x-honeypot` header; the server then accepts the request silently and stores nothing.
 */
export function HoneypotField({ id, label }: { id: string; label: string }) {
  return (
    <div aria-hidden="true" className="absolute top-auto -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={HONEYPOT_NAME} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/** The honeypot input's name. */
export const HONEYPOT_NAME = 'website';

/** What the honeypot of the form that sent `event` holds ('' for people). */
export function honeypotValue(event: { target: EventTarget | null } | undefined): string {
  const form = event?.target instanceof HTMLFormElement ? event.target : null;
  const input = form?.elements.namedItem(HONEYPOT_NAME);
  return input instanceof HTMLInputElement ? input.value : '';
}

/** The `x-honeypot` header value: header values must be Latin-1, so a bounded, encoded copy. */
export const honeypotHeader = (value: string) => encodeURIComponent(value.slice(0, 100)) || '1';

/** A spinning circle for buttons and loading states (decorative: say what loads in text). */
export function Spinner({ className }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" className={cn('size-5 animate-spin', className)}>
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

const noSubscription = () => () => {};
/**
 * False in the prerendered HTML and during hydration, true once the page runs in the browser. Forms
 * keep their submit button disabled until then, so an early tap cannot send the browser's own
 * (script-less) form submission.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
