import { ConsoleApp } from '~/features/console/console-app.tsx';

/** The chef's console: built in the browser only (not prerendered), never indexed, linked from nowhere. */
export const meta = () => [
  { title: 'Chef’s console' },
  { name: 'robots', content: 'noindex, nofollow' },
];

export default function Console() {
  return <ConsoleApp />;
}

/** Shown while the browser loads the console (its HTML is React Router's SPA fallback page). */
export function HydrateFallback() {
  return (
    <main id="main" className="mx-auto max-w-xl px-6 py-24 text-center">
      <p role="status" className="text-sand">Opening the console…</p>
    </main>
  );
}
