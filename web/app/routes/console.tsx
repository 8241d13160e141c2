import { ConsoleApp } from '~/features/console/console-app.tsx';

/**
 * The chef's console: prerendered as its signed-out page (the sign-in dialog), built in the browser from
 * there, never indexed, linked from nowhere (docs/decisions/0035-console-signs-in-from-its-html.md).
 */
export const meta = () => [{ title: 'Chef’s console' }, { name: 'robots', content: 'noindex, nofollow' }];

export default function Console() {
  return <ConsoleApp />;
}
