import { ConsoleApp } from '~/features/console/console-app.tsx';

/** The chef's console: built in the browser only (not prerendered), never indexed, linked from nowhere. */
export const meta = () => [
  { title: 'Chef’s console' },
  { name: 'robots', content: 'noindex, nofollow' },
];

export default function Console() {
  return <ConsoleApp />;
}
