import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

/**
 * Processes a test, the bench or the resilience suite starts, each in a process group of its own, so
 * that stopping one stops everything it started in turn (tsx's server child, Chromium's helpers, a
 * stand-in's grandchildren), also when the test fails or times out: whatever is still running when
 * the test file (or the script) ends is killed with its group.
 *
 * Every such process gets the run's marker and temp folder (test-support/leftovers.ts) even when
 * the caller gives it an environment of its own (which may name another temp folder inside the
 * run's), so the run's final check can find what escaped.
 */
const running = new Set<ChildProcess>();

/** The variables that tie a process to the current run; added to every environment given here. */
export function runEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of ['CHEF_RUN', 'TMPDIR']) if (process.env[name]) env[name] = process.env[name]!;
  return env;
}

/** `spawn`, in a new process group, remembered until it exits. */
export function spawnGroup(command: string, args: readonly string[], options: SpawnOptions = {}): ChildProcess {
  const child = spawn(command, args, {
    ...options,
    env: { ...runEnv(), ...(options.env ?? process.env) },
    detached: true,
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  child.once('error', () => running.delete(child));
  return child;
}

const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/** Sends `signal` to the child's whole process group (to the child alone if the group is gone). */
export function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // Already gone.
    }
  }
}

/**
 * Stops the child's process group: `signal` (SIGTERM unless told), then SIGKILL to whatever of the
 * group is left after `graceMs` or once the child itself has exited (a grandchild that outlives its
 * parent is still in the group).
 */
export async function stopGroup(
  child: ChildProcess,
  { signal = 'SIGTERM' as NodeJS.Signals, graceMs = 10_000 } = {},
): Promise<void> {
  if (alive(child)) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    signalGroup(child, signal);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([exited, new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    clearTimeout(timer);
  }
  if (child.pid !== undefined) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // The group is empty: nothing left.
    }
  }
  if (alive(child)) await new Promise<void>((resolve) => child.once('exit', () => resolve()));
  running.delete(child);
}

/** Kills every group started here that is still running (end of a test file, or of a script). */
export async function stopAllGroups(): Promise<void> {
  await Promise.all([...running].map((child) => stopGroup(child, { signal: 'SIGKILL', graceMs: 2000 })));
}

// A script that ends (or crashes) takes its groups with it; detached groups would outlive it otherwise.
process.once('exit', () => {
  for (const child of running) signalGroup(child, 'SIGKILL');
});
