import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnGroup, stopGroup } from '../../test-support/processes.ts';
import { processTree, STEP_BACK_NICE, stepBack } from './priority.ts';

/**
 * scripts/bench/priority.ts on real processes: a stand-in for the bench (a process that spawns children), one
 * child standing for Chromium's browser process with a thread pool, and one "zygote" (a process whose command
 * line says `--type=zygote`, as Chromium's do) with a "renderer" under it.
 */
const linux = process.platform === 'linux';
const started: ChildProcess[] = [];
// Each stand-in is a process group: ending the group ends its children and grandchildren too.
afterEach(async () => {
  await Promise.all(started.splice(0).map((p) => stopGroup(p, { signal: 'SIGKILL' })));
});

/** A node process running `script`; resolves once it printed its first line (the pids it wants known). */
function node(script: string, args: string[] = []): Promise<{ proc: ChildProcess; line: string }> {
  const proc = spawnGroup(process.execPath, ['-e', script, '--', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  started.push(proc);
  return new Promise((resolve, reject) => {
    proc.stdout!.once('data', (d: Buffer) => resolve({ proc, line: d.toString().trim() }));
    proc.once('exit', (code) => reject(new Error(`exited with ${code}`)));
  });
}

const niceOfThreads = (pid: number) => fs.readdirSync(`/proc/${pid}/task`).map((tid) => os.getPriority(Number(tid)));

describe.runIf(linux)('stepBack (docs/decisions/0041-the-renderer-first.md)', () => {
  it('sets every thread below the root to nice 10 but for the zygote and what it forked, and leaves the root alone', async () => {
    // The "bench": spawns a "browser" (with worker threads, so it has several) and a "zygote" that spawns a "renderer".
    const bench = await node(`
      const { spawn } = require('node:child_process');
      const keep = 'setInterval(() => {}, 1e6)';
      const browser = spawn(process.execPath, ['-e', "const { Worker } = require('node:worker_threads'); for (let i = 0; i < 3; i++) new Worker('setInterval(() => {}, 1e6)', { eval: true }); setInterval(() => {}, 1e6)"], { stdio: 'ignore' });
      const zygote = spawn(process.execPath, ['-e', "const c = require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1e6)'], { stdio: 'ignore' }); console.log(c.pid); setInterval(() => {}, 1e6)", '--', '--type=zygote'], { stdio: ['ignore', 'pipe', 'ignore'] });
      zygote.stdout.once('data', (d) => setTimeout(() => console.log(JSON.stringify({ browser: browser.pid, zygote: zygote.pid, renderer: Number(String(d).trim()) })), 300));
      setInterval(() => {}, 1e6);
    `);
    const { browser, zygote, renderer } = JSON.parse(bench.line) as Record<string, number>;
    const root = bench.proc.pid!;
    expect(processTree(root).sort()).toEqual([root, browser, zygote, renderer].sort());
    expect(niceOfThreads(browser).length).toBeGreaterThan(3);

    const done = stepBack(root);

    expect(done).toEqual({ processes: 1, threads: niceOfThreads(browser).length });
    expect(new Set(niceOfThreads(browser))).toEqual(new Set([STEP_BACK_NICE]));
    expect(new Set(niceOfThreads(zygote))).toEqual(new Set([0]));
    expect(new Set(niceOfThreads(renderer))).toEqual(new Set([0]));
    expect(new Set(niceOfThreads(root))).toEqual(new Set([0]));
  });

  it('leaves a thread that is already lower where it is', async () => {
    const bench = await node(`
      const c = require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1e6)'], { stdio: 'ignore' });
      setTimeout(() => console.log(c.pid), 200);
      setInterval(() => {}, 1e6);
    `);
    const child = Number(bench.line);
    os.setPriority(child, 15);
    stepBack(bench.proc.pid!);
    expect(os.getPriority(child)).toBe(15);
  });
});
