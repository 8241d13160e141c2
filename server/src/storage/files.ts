import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { alive } from '../data-dir/lock.ts';
import { storageErrors } from './error-codes.ts';
import { invalidKey } from './names.ts';

/**
 * Where object bytes live: `DATA_DIR/storage/{bucket}/{name}` (also with DATABASE_URL set).
 * New bytes are written to a temp folder beside it first and renamed into place only once the
 * object's row is in, so a refused or failed upload leaves nothing behind, and a reader never sees
 * half a file.
 *
 * Between the rename and the commit of the row, a crash (kill -9) would leave a file whose row
 * never committed, or, for a replaced object, the new bytes under the old row. So before it renames
 * anything, `place` writes an intent (`{pid}-{uuid}.intent` in the temp folder) naming the object,
 * the version its row will have, the staged file and where the file it replaces is kept. `done` and
 * `undo` delete it. After a crash, `sweepCrashed` resolves the intents of dead processes by asking
 * whether that version's row committed: yes, the new file stays and the old one goes; no, the new
 * file goes and the old one is put back.
 */
export interface ObjectFiles {
  /** Writes the bytes to a temp file (not yet visible) and returns its path. */
  stage(bytes: Uint8Array): Promise<string>;
  /**
   * Moves a staged file into place for the row of `version` (the row is written in the same
   * transaction); `undo` restores what was there before, `done` (after the commit) forgets it.
   */
  place(
    staged: string,
    bucket: string,
    name: string,
    version: string,
  ): Promise<{ undo(): Promise<void>; done(): Promise<void> }>;
  discard(staged: string): Promise<void>;
  /** The file's path and size, or undefined when it is missing. */
  stat(bucket: string, name: string): Promise<{ file: string; size: number } | undefined>;
  remove(bucket: string, name: string): Promise<void>;
  /**
   * Deletes what uploads cut off by a crash left in the temp folder: files of processes that no
   * longer run (each temp file's name starts with its process's pid), and any older than an hour.
   * `atStart`: this process has no upload in flight yet, so files with its own pid (an earlier
   * process that had the same pid, as in a restarted container) go too. Intents of such processes
   * are resolved first with `committed` (did the row of that version commit?); without it, or when
   * it fails, an intent and the files it names are left for the next sweep. Returns the temp
   * folder's entries removed.
   */
  sweepCrashed(opts?: { atStart?: boolean; committed?: Committed }): Promise<string[]>;
}

/** Whether the row of an object's version is in the database (its upload's transaction committed). */
export type Committed = (bucket: string, name: string, version: string) => Promise<boolean>;

interface Intent {
  bucket: string;
  name: string;
  version: string;
  /** The staged file (still there until it is renamed into place), and its inode number. */
  staged: string;
  inode: string;
  /** Where the file being replaced is kept until the commit (exists only if there was one). */
  backup: string;
}

const INTENT = '.intent';

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

  /** The file's inode number, or undefined when it is missing (a rename keeps the inode). */
  const inode = (f: string) =>
    fsp.lstat(f, { bigint: true }).then(
      (st) => String(st.ino),
      () => undefined,
    );

  /**
   * Puts back what was in place before an intent, and may run again after being cut off: the file
   * in place goes only if it is the new one (the staged file's inode), the staged file goes, and the
   * replaced file, if kept aside, returns to its place.
   */
  const rollBack = async (intent: Intent, file: string) => {
    if ((await inode(file)) === intent.inode) await fsp.rm(file, { force: true });
    await fsp.rm(intent.staged, { force: true });
    await fsp.rename(intent.backup, file).catch(ignoreMissing);
  };

  return {
    async stage(bytes) {
      await fsp.mkdir(tmp, { recursive: true });
      const file = path.join(tmp, tempName());
      await fsp.writeFile(file, bytes, { flag: 'wx', mode: 0o600 });
      return file;
    },

    async place(staged, bucket, name, version) {
      const { file } = fileOf(bucket, name);
      try {
        await fsp.mkdir(path.dirname(file), { recursive: true });
      } catch (err) {
        // A file already stands where a folder of this name would have to be.
        if (['EEXIST', 'ENOTDIR'].includes((err as NodeJS.ErrnoException).code ?? '')) {
          throw storageErrors.duplicate('An object already exists where this folder would be');
        }
        throw err;
      }
      const existing = await fsp.lstat(file).catch(() => undefined);
      if (existing?.isDirectory()) {
        throw storageErrors.duplicate('A folder already exists with this name');
      }
      const id = tempName();
      const backup = path.join(tmp, id);
      const intentFile = path.join(tmp, id + INTENT);
      const stagedInode = await inode(staged);
      if (stagedInode === undefined) throw new Error('the staged upload is missing');
      const intent: Intent = { bucket, name, version, staged, inode: stagedInode, backup };
      // The intent before any rename: whatever a crash interrupts below, a sweep can undo or keep.
      await fsp.writeFile(intentFile, JSON.stringify(intent), { flag: 'wx', mode: 0o600 });
      try {
        if (existing) await fsp.rename(file, backup);
        await fsp.rename(staged, file);
      } catch (err) {
        await rollBack(intent, file).catch(() => {});
        await fsp.rm(intentFile, { force: true });
        throw err;
      }
      return {
        async undo() {
          await rollBack(intent, file);
          await fsp.rm(intentFile, { force: true });
        },
        async done() {
          await fsp.rm(backup, { force: true });
          await fsp.rm(intentFile, { force: true });
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

    async sweepCrashed({ atStart = false, committed } = {}) {
      const entries = await fsp.readdir(tmp).catch(() => [] as string[]);
      const removed: string[] = [];
      const crashedPid = (entry: string) => {
        const pid = Number(/^(\d+)-/.exec(entry)?.[1] ?? NaN);
        return Number.isInteger(pid) ? (pid === process.pid ? atStart : !alive(pid)) : false;
      };
      // First the intents: the files they name must not be swept before they are resolved.
      const keep = new Set<string>();
      for (const entry of entries.filter((e) => e.endsWith(INTENT))) {
        const intentFile = path.join(tmp, entry);
        let intent: Intent | undefined;
        try {
          intent = JSON.parse(await fsp.readFile(intentFile, 'utf8')) as Intent;
        } catch {
          intent = undefined; // cut off while being written: nothing was renamed yet
        }
        const files = intent ? [path.basename(intent.staged), path.basename(intent.backup)] : [];
        if (!crashedPid(entry)) {
          files.forEach((f) => keep.add(f));
          continue;
        }
        if (intent) {
          try {
            if (!committed) throw new Error('no database to ask');
            const { file } = fileOf(intent.bucket, intent.name);
            if (await committed(intent.bucket, intent.name, intent.version)) {
              await fsp.rm(intent.backup, { force: true });
            } else {
              await rollBack(intent, file);
            }
          } catch {
            files.forEach((f) => keep.add(f));
            keep.add(entry);
            continue;
          }
        }
        await fsp.rm(intentFile, { force: true });
        removed.push(entry);
      }
      for (const entry of entries) {
        if (entry.endsWith(INTENT) || keep.has(entry)) continue;
        const file = path.join(tmp, entry);
        const st = await fsp.stat(file).catch(() => undefined);
        if (!st) continue;
        if (crashedPid(entry) || Date.now() - st.mtimeMs > TEMP_MAX_AGE_MS) {
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
export function scheduleTempSweep(files: ObjectFiles, everySeconds: number, committed?: Committed) {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = files.sweepCrashed({ committed }).catch(logSweepError);
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
