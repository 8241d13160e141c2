import fs from 'node:fs';
import os from 'node:os';

/**
 * One process per embedded database folder. PGlite has no lock of its own: two servers on one
 * folder each keep their own view of the files and overwrite each other's pages (lost rows,
 * corrupt indexes). The lock is a file beside the folder, written once with the holder's pid,
 * as PostgreSQL's `postmaster.pid` is: a second server refuses to start and names the holder; a
 * lock whose process is gone (a crash, `kill -9`) is taken over.
 */

export class DataDirInUseError extends Error {
  constructor(
    readonly folder: string,
    readonly lockFile: string,
    readonly holder: Holder,
  ) {
    super(
      `The database folder ${folder} is in use by another server (pid ${holder.pid}` +
        `${holder.host && holder.host !== os.hostname() ? ` on ${holder.host}` : ''}, started ${holder.started}). ` +
        `Stop that server first, or set DATA_DIR to another folder. ` +
        `If no server is running there, delete ${lockFile}.`,
    );
    this.name = 'DataDirInUseError';
  }
}

interface Holder {
  pid: number;
  host: string;
  started: string;
}

/** Lock files this process holds: a second open from the same process is refused too. */
const heldHere = new Set<string>();

function readHolder(file: string): Holder | undefined {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Holder>;
    if (typeof parsed.pid !== 'number' || !Number.isInteger(parsed.pid) || parsed.pid <= 0) return undefined;
    return {
      pid: parsed.pid,
      host: String(parsed.host ?? ''),
      started: String(parsed.started ?? 'at an unknown time'),
    };
  } catch {
    return undefined;
  }
}

/** Whether a process with this pid runs on this machine. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the holder still runs. A lock with our own pid that we do not hold is a previous life of this pid (a restarted container). */
function holderRuns(file: string, holder: Holder): boolean {
  if (holder.host && holder.host !== os.hostname()) return true; // another machine's process: cannot tell, assume it runs
  if (holder.pid === process.pid) return heldHere.has(file);
  return alive(holder.pid);
}

/**
 * Takes the lock for `folder` (the file `${folder}.lock`); returns its release. Throws
 * DataDirInUseError when a running process holds it.
 */
export function lockDataFolder(folder: string): () => void {
  const file = `${folder}.lock`;
  const takeover = `${file}.takeover`;
  for (let attempt = 0; attempt < 20; attempt++) {
    if (heldHere.has(file))
      throw new DataDirInUseError(
        folder,
        file,
        readHolder(file) ?? { pid: process.pid, host: os.hostname(), started: 'earlier' },
      );
    try {
      const fd = fs.openSync(file, 'wx', 0o644);
      try {
        fs.writeSync(
          fd,
          JSON.stringify({ pid: process.pid, host: os.hostname(), started: new Date().toISOString() }) + '\n',
        );
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      heldHere.add(file);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        heldHere.delete(file);
        const holder = readHolder(file);
        if (holder?.pid === process.pid) fs.rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const content = safeRead(file);
    if (content === undefined) continue; // removed meanwhile: try again
    const holder = readHolder(file);
    if (holder && holderRuns(file, holder)) throw new DataDirInUseError(folder, file, holder);
    if (!holder && Date.now() - mtime(file) < 2000) {
      // Being written by a server starting right now: look again shortly.
      sleep(100);
      continue;
    }
    // Stale (its process is gone, or unreadable and old): remove it, one taker at a time, and
    // only if it is still the file we judged.
    try {
      fs.mkdirSync(takeover);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      if (Date.now() - mtime(takeover) > 10_000) fs.rmSync(takeover, { recursive: true, force: true });
      else sleep(100);
      continue;
    }
    try {
      if (safeRead(file) === content) fs.rmSync(file, { force: true });
    } finally {
      fs.rmSync(takeover, { recursive: true, force: true });
    }
  }
  throw new Error(`Could not take the lock ${file}: other servers keep taking it`);
}

function safeRead(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function mtime(file: string): number {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function sleep(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
