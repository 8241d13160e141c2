import { X } from 'lucide-react';

/**
 * What the site's two sign-in dialogs share: the members' auth dialog (a portal opened from the header or
 * /members, features/auth/auth-dialog.tsx) and the console's sign-in (part of /console's prerendered HTML,
 * features/console/sign-in-dialog.tsx). They open and take focus differently
 * (docs/decisions/0033-the-auth-dialog-paints-in-the-tap.md, 0035-console-signs-in-from-its-html.md); the
 * chef and a member see the same overlay, panel, heading and close control, and Tab behaves the same.
 */

/**
 * The dimmed page behind the dialog. Without a backdrop blur: under 85 % of ink the blur hardly showed,
 * and over /home's playing video the browser computed it again for every frame of the video, which made
 * the frame that shows the dialog late on a phone (docs/decisions/0039-the-auth-dialog-without-blur-or-a-new-button.md).
 */
export const overlayClass = 'fixed inset-0 z-[60] bg-ink/85';
/** The dialog's panel: centred, as wide as the phone allows up to 28 rem, scrolling inside when taller than the screen. */
export const panelClass =
  'fixed top-1/2 left-1/2 z-[61] max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-gold/25 bg-charcoal p-6 shadow-2xl focus:outline-none sm:p-8';

/** The dialog's title and text, with the ids its panel is labelled and described by (`${id}-title`, `${id}-description`). */
export function DialogHeading({ id, title, description }: { id: string; title: string; description: string }) {
  return (
    <>
      <h2 id={`${id}-title`} className="pr-8 font-display text-2xl font-semibold text-cream sm:text-3xl">
        {title}
      </h2>
      <p id={`${id}-description`} className="mt-2 mb-6 text-sm text-sand">
        {description}
      </p>
    </>
  );
}

/** The close control in the panel's corner. */
export function DialogClose({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className="absolute top-4 right-4 rounded-full p-2 text-muted hover:text-cream"
    >
      <X aria-hidden className="size-5" />
    </button>
  );
}

/** What Tab moves between inside a dialog. */
export const TABBABLE =
  'input:not([disabled]), button:not([disabled]), textarea:not([disabled]), select:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/**
 * Keeps Tab inside `box`: Tab from its last control (or from outside it, or from the panel itself) goes
 * to its first, Shift+Tab from its first (or from outside, or the panel) to its last. Any other key is left alone.
 */
export function keepTabInside(
  box: HTMLElement,
  event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'preventDefault'>,
): void {
  if (event.key !== 'Tab') return;
  const inside = [...box.querySelectorAll<HTMLElement>(TABBABLE)];
  const first = inside[0];
  const last = inside.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  const outside = active === box || !box.contains(active);
  if (event.shiftKey ? active === first || outside : active === last || outside) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
}
