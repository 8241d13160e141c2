import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { spawnGroup } from '../../../test-support/processes.ts';

/**
 * Runs one of supabase/functions under Deno (node_modules/.bin/deno) with `args` after `deno run`
 * and exactly `env` beside PATH, HOME and DENO_NO_UPDATE_CHECK (nothing else of the test's
 * environment), in a process group of its own, and resolves once the function says it is listening.
 * Stop it with `stopGroup` (test-support/processes.ts); the test file's end stops it otherwise.
 */
export async function startEdgeFunction(args: string[], env: Record<string, string>): Promise<ChildProcess> {
  const fn = spawnGroup(path.resolve('node_modules/.bin/deno'), ['run', ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DENO_NO_UPDATE_CHECK: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Deno did not start:\n${out}`)), 90_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.includes('Listening on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    fn.stdout!.on('data', onData);
    fn.stderr!.on('data', onData);
    fn.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Deno exited (${code}):\n${out}`));
    });
  });
  return fn;
}
