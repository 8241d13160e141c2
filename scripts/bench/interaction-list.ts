// The taps the bench measures on the calibrated phone (interactions.ts), and which of them a command line asks for.
import { type Locator, type Page } from 'playwright-core';

export interface Interaction {
  name: string;
  route: string;
  /** What the visitor taps. Found, scrolled into view and measured before the tap, outside the measurement. */
  target(page: Page): Locator;
  /** Keys typed right after the tap, as one interaction with it (the booking form's first keystroke). */
  keys?: string;
  /** Resolves once the tap's result is on screen (run after the figure is taken): a tap that did nothing fails the bench. */
  result(page: Page): Promise<void>;
}

export const INTERACTIONS: Interaction[] = [
  {
    name: 'header menu button (phone width)',
    route: '/home',
    target: (page) => page.getByRole('button', { name: 'Open menu' }),
    result: (page) => page.getByRole('button', { name: 'Close menu' }).waitFor(),
  },
  {
    name: 'recipe category filter',
    route: '/recipes',
    target: (page) => page.getByRole('main').locator('[role="group"] button[aria-pressed="false"]').first(),
    result: (page) => page.getByRole('main').locator('[role="group"] button[aria-pressed="true"]').first().waitFor(),
  },
  {
    name: 'servings plus',
    route: '/recipe/2',
    target: (page) => page.getByRole('button', { name: 'Add one serving' }),
    // Recipe 2 serves 2 (content/recipes.test.ts): one more is 3.
    result: (page) => page.locator('output').getByText('3 servings', { exact: true }).waitFor({ timeout: 5000 }),
  },
  {
    name: 'open the auth dialog',
    route: '/home',
    target: (page) => page.getByRole('banner').getByRole('button', { name: 'Login' }),
    result: (page) => page.getByRole('dialog').waitFor(),
  },
  {
    name: 'booking form, first keystroke',
    route: '/book-now',
    target: (page) => page.getByLabel('Full Name'),
    keys: 'A',
    result: async (page) => {
      const value = await page.getByLabel('Full Name').inputValue();
      if (value !== 'A') throw new Error(`the keystroke did not reach the field: ${JSON.stringify(value)}`);
    },
  },
];

/**
 * The command line of the scripts that tap (tap-trace.ts, ab-taps.ts): `--name value` options,
 * `--flag`s, and the other words, substrings of the interaction names that pick which taps run (all when none).
 */
export function tapCommandLine(argv = process.argv.slice(2)) {
  const option = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const names = argv.filter((a, i) => !a.startsWith('--') && !argv[i - 1]?.startsWith('--'));
  return {
    option,
    flag: (name: string) => argv.includes(`--${name}`),
    interactions: INTERACTIONS.filter((x) => !names.length || names.some((n) => x.name.includes(n))),
    /** `--rate R`: this CPU slowdown instead of the calibrated one. */
    fixedRate: option('rate') ? Number(option('rate')) : undefined,
  };
}
