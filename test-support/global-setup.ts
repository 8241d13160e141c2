import { beginRun, describeLeftovers } from './leftovers.ts';

/**
 * vitest's global set-up: the whole run in a fresh temp folder with a marker, and at its end a check
 * that it left no process, temp entry or database (test-support/leftovers.ts). What was left is
 * removed, listed, and fails the run. Every project inherits this file; the first call owns the run.
 */
export default function setup() {
  if (process.env.CHEF_RUN) return;
  const run = beginRun('vitest');
  return async () => {
    const left = await run.finish();
    if (left.length === 0) return;
    console.error(`\n${describeLeftovers('This test run', left)}\n`);
    process.exitCode = 1;
  };
}
