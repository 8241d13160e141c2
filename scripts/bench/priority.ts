import fs from 'node:fs';
import os from 'node:os';

/**
 * The page's renderer gets the CPU first while it is measured (docs/decisions/0041-the-renderer-first.md).
 *
 * On a machine with few cores the renderer's main thread competes with the processes that serve and
 * measure it: the product's server and Chromium's browser and network processes; the browser process
 * handles Lighthouse's DevTools traffic. Run as root, Chromium also gives its browser and IO
 * threads a nice value of -8, above the renderer's main thread. Lighthouse's simulated throttling then
 * multiplies the renderer's waits by the CPU slowdown as if they were the page's own work.
 *
 * `stepBack` sets every thread of this process's descendants to STEP_BACK_NICE, except the subtrees of
 * Chromium's zygotes, from which every renderer is forked. It leaves this process alone, so a Chromium
 * launched later starts at the usual priority. Raising a nice value needs no privilege, and a thread
 * created later inherits its creator's value; renderers forked later inherit the zygote's. So the
 * renderer ends up ahead of the rest on any machine, root or not. Linux only (/proc); elsewhere it
 * does nothing and says so.
 */
export const STEP_BACK_NICE = 10;

function cmdline(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

/** Whether `pid` is one of Chromium's zygotes (the parents of its renderers). */
export const isZygote = (pid: number) => /\s--type=zygote\b/.test(cmdline(pid));

/** The pids of `pid` and all its descendants, read from /proc; a process for which `skip` is true is left out with its subtree. */
export function processTree(pid: number, skip: (pid: number) => boolean = () => false): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // /proc/<pid>/stat is "pid (comm) state ppid …"; comm may hold spaces and parentheses, so read after the last ")".
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while we read.
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++)
    for (const child of children.get(tree[i]!) ?? []) if (!skip(child)) tree.push(child);
  return tree;
}

/** Every thread (task id) of `pid`. */
function threadsOf(pid: number): number[] {
  try {
    return fs.readdirSync(`/proc/${pid}/task`).map(Number);
  } catch {
    return [];
  }
}

/**
 * Sets every thread of the descendants of `root` (this process), but for the zygotes' subtrees, to
 * STEP_BACK_NICE (a thread already lower stays so); `root` itself is left alone. Call it once Chromium and
 * the server run. Returns how many processes and threads it set, or why it did nothing.
 */
export function stepBack(root = process.pid): { processes: number; threads: number } | { skipped: string } {
  if (process.platform !== 'linux' || !fs.existsSync('/proc/self/task')) return { skipped: 'not Linux' };
  const pids = processTree(root, isZygote).filter((pid) => pid !== root);
  let threads = 0;
  for (const pid of pids) {
    for (const tid of threadsOf(pid)) {
      try {
        if (os.getPriority(tid) < STEP_BACK_NICE) os.setPriority(tid, STEP_BACK_NICE);
        threads++;
      } catch {
        // A thread that ended meanwhile.
      }
    }
  }
  return { processes: pids.length, threads };
}

/** `stepBack`, saying what it did on the console (the bench prints it beside its figures). */
export function stepBackSaying(): void {
  const done = stepBack();
  console.log(
    'skipped' in done
      ? `  (the page's renderer shares the CPU at equal priority: ${done.skipped})`
      : `  (renderer first: ${done.processes} processes, ${done.threads} threads of the server and Chromium's non-renderer processes at nice ${STEP_BACK_NICE}; --shared-cpu to measure without)`,
  );
}
