import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { alive } from '../data-lock.ts';
import { storageError } from '../errors.ts';
import { invalidKey } from './names.ts';

/**
 * Where object bytes live: `DATA_DIR/storage/{bucket}/{name}` (also with DATABASE_URL set).
 * New bytes are written to a temp folder beside it first and renamed into place only once the
 * object's row is in, so a refused or failed upload leaves nothing behind, and a reader never sees
 * half a file.
 */
export interface ObjectFiles {
  /** Writes the bytes to a temp file (not yet visible) and returns its path. */
  stage(bytes: Uint8Array): Promise<string>;
  /** Moves a staged file into place; `undo` restores what was there before, `done` forgets it. */
  place(staged: string, bucket: string, name: string): Promise<{ undo(): Promise<void>; done(): Promise<void> }>;
  discard(staged: string): Promise<void>;
  /** The file's path and size, or undefined when it is missing. */
  stat(bucket: string, name: string): Promise<{ file: string; size: number } | undefined>;
  remove(bucket: string, name: string): Promise<void>;
  /**
   * Deletes what uploads cut off by a crash left in the temp folder: files of processes that no
   * longer run (each temp file's name starts with its process's pid), and any older than an hour.
   * `atStart`: this process has no upload in flight yet, so files with its own pid (an earlier
   * process that had the same pid, as in a restarted container) go too. Returns the names removed.
   */
  sweepCrashed(opts?: { atStart?: boolean }): Promise<string[]>;
}

/** No upload keeps a temp file this long (its transaction is bounded by the statement timeout). */
const TEMP_MAX_AGE_MS = 60 * 60 * 1000;

export function objectFiles(dataDir: string): ObjectFiles {
  const root = path.resolve(dataDir, 'storage');
  const tmp = path.resolve(dataDir, '.storage-tmp');

  /** The file for an object; names are already checked, and this checks again that it stays inside. */
  const fileOf = (bucket: string, name: string) => {
    const bucketDir = path.resolve(root, bucket);
    const file = path.resolve(bucketDir, name);
    if (path.dirname(bucketDir) !== root || !file.startsWith(bucketDir + path.sep)) throw invalidKey(name);
    return { bucketDir, file };
  };

  const ignoreMissing = (err: unknown) => {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  };

  return {
    async stage(bytes) {
      await fsp.mkdir(tmp, { recursive: true });
      const file = path.join(tmp, tempName());
      await fsp.writeFile(file, bytes, { flag: 'wx', mode: 0o600 });
      return file;
    },

    async place(staged, bucket, name) {
      const { file } = fileOf(bucket, name);
      try {
        await fsp.mkdir(path.dirname(file), { recursive: true });
      } catch (err) {
        // A file already stands where a folder of this name would have to be.
        if (['EEXIST', 'ENOTDIR'].includes((err as NodeJS.ErrnoException).code ?? '')) {
          throw storageError(409, 'Duplicate', 'An object already exists where this folder would be');
        }
        throw err;
      }
      let backup: string | undefined;
      const existing = await fsp.lstat(file).catch(() => undefined);
      if (existing?.isDirectory()) {
        throw storageError(409, 'Duplicate', 'A folder already exists with this name');
      }
      if (existing) {
        backup = path.join(tmp, tempName());
        await fsp.rename(file, backup);
      }
      await fsp.rename(staged, file);
      return {
        async undo() {
          await fsp.rm(file, { force: true });
          if (backup) await fsp.rename(backup, file).catch(ignoreMissing);
        },
        async done() {
          if (backup) await fsp.rm(backup, { force: true });
        },
      };
    },

    async discard(staged) {
      await fsp.rm(staged, { force: true });
    },

    async stat(bucket, name) {
      const { file } = fileOf(bucket, name);
      const st = await fsp.stat(file).catch(() => undefined);
      return st?.isFile() ? { file, size: st.size } : undefined;
    },

    async sweepCrashed({ atStart = false } = {}) {
      const entries = await fsp.readdir(tmp).catch(() => [] as string[]);
      const removed: string[] = [];
      for (const entry of entries) {
        const pid = Number(/^(\d+)-/.exec(entry)?.[1] ?? NaN);
        const file = path.join(tmp, entry);
        const st = await fsp.stat(file).catch(() => undefined);
        if (!st) continue;
        const crashed = Number.isInteger(pid) ? (pid === process.pid ? atStart : !alive(pid)) : false;
        if (crashed || Date.now() - st.mtimeMs > TEMP_MAX_AGE_MS) {
          await fsp.rm(file, { force: true }).catch(() => {});
          removed.push(entry);
        }
      }
      return removed;
    },

    async remove(bucket, name) {
      const { bucketDir, file } = fileOf(bucket, name);
      await fsp.rm(file, { force: true });
      // Tidy folders left empty, up to (not including) the bucket's own folder.
      for (let dir = path.dirname(file); dir.startsWith(bucketDir + path.sep); dir = path.dirname(dir)) {
        try {
          await fsp.rmdir(dir);
        } catch {
          break;
        }
      }
    },
  };
}

/** A temp file's name: the pid of the process writing it, then a random part. */
function tempName(): string {
  return `${process.pid}-${randomUUID()}`;
}

/**
 * Sweeps crashed uploads' temp files every `everySeconds` (the sweep at start is the server's, before
 * it listens), without keeping the process alive; the returned stop() waits for a sweep in progress.
 */
export function scheduleTempSweep(files: ObjectFiles, everySeconds: number) {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = files.sweepCrashed().catch(logSweepError);
  }, everySeconds * 1000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

function logSweepError(err: unknown) {
  console.error('upload temp sweep failed:', err instanceof Error ? err.message : err);
}

export function openRead(file: string): fs.ReadStream {
  return fs.createReadStream(file);
}
