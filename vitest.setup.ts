import { afterEach, vi } from 'vitest';
import './test-support/vitest-hooks.ts';

/**
 * A test run fails on an unexpected console.error: a test that expects one says so with
 * `expectConsoleError(/pattern/)` before the code that logs it.
 */
const expected: RegExp[] = [];
const seen: string[] = [];
const original = console.error;

vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  const text = args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(' ');
  if (expected.some((re) => re.test(text))) return;
  seen.push(text);
  original(...args);
});

export function expectConsoleError(pattern: RegExp) {
  expected.push(pattern);
}

afterEach(() => {
  expected.length = 0;
  if (seen.length) {
    const messages = seen.splice(0).join('\n---\n');
    throw new Error(`Unexpected console.error during the test:\n${messages}`);
  }
});
