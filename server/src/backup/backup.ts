import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { alive } from '../data-dir/lock.ts';
import type { Db } from '../db/index.ts';
import {
  DATA_SQL,
  FORMAT,
  FORMAT_VERSION,
  KEYS_JSON,
  SCHEMA_SQL,
  STORAGE_PREFIX,
  writeArchive,
  type Entry,
  type Manifest,
} from './archive.ts';
import { snapshotDatabase, type DbSnapshot } from './snapshot.ts';

/**
 * `npm run backup`, the scheduled backups and the console's control socket all come here: one
 * snapshot of the database (server/src/backup/snapshot.ts), the bytes of every object its rows
 * name, checked against each row's MD5, and the keys, written into one archive
 * (server/src/backup/archive.ts) under a temporary name and renamed when complete.
 */

export interface BackupKeys {
  /** The JWT secret: the anon and service keys, sessions and signed links all come from it. */
  jwtSecret: string;
  anonKey: string;
  serviceKey: string;
}

export interface BackupSource {
  db: Db;
  /** DATA_DIR: the photos are under its storage/ folder. */
  dataDir: string;
  databaseUrl?: string;
  /** The pg_dump to run for PostgreSQL (PG_DUMP); unset: findPgDump's. */
  pgDump?: string;
  keys: BackupKeys;
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: Manifest;
}

const here = path.dirname(fileURLToPath(import.meta.url));

function productVersion(): { name: string; version: string } {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.resolve(here, '../../../package.json'), 'utf8')) as {
      name?: string;
      version?: string;
    };
    return { name: pkg.name ?? 'chef-site', version: pkg.version ?? '0.0.0' };
  } catch {
    return { name: 'chef-site', version: '0.0.0' };
  }
}

/** `chef-backup-2026-11-24T09-30-00-123Z.tar.gz` (`.enc` after it when encrypted): sorts by time. */
export const BACKUP_NAME = /^chef-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.tar\.gz(\.enc)?$/;

export function datedName(encrypted: boolean, at = new Date()): string {
  return `chef-backup-${at.toISOString().replace(/[:.]/g, '-')}.tar.gz${encrypted ? '.enc' : ''}`;
}

/** Temporary names of backups being written: `.{final name}.{pid}.partial`. */
const PARTIAL = /^\.(chef-backup-.+)\.(\d+)\.partial$/;

/** A photo changed or went away after the snapshot: the backup is taken again. */
class ObjectMovedError extends Error {}

/**
 * Writes a backup to `file` (which must not exist): to `.{name}.{pid}.partial` beside it first, then
 * renamed, so `file` is either complete or absent. A photo replaced or deleted between the snapshot
 * and the reading of its bytes makes the whole backup start again (up to three times).
 */
export async function createBackup(
  source: BackupSource,
  file: string,
  opts: { passphrase?: string } = {},
): Promise<BackupResult> {
  file = path.resolve(file);
  const dir = path.dirname(file);
  await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
  if (fs.existsSync(file))
    throw new Error(`${file} already exists: give another name (a backup never replaces a file).`);
  const partial = path.join(dir, `.${path.basename(file)}.${process.pid}.partial`);
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'chef-backup-'));
  try {
    for (let attempt = 1; ; attempt++) {
      const snap = await snapshotDatabase(source.db, work, source.databaseUrl, source.pgDump);
      try {
        const manifest = await writeArchive(
          partial,
          entries(source, snap),
          (written) => manifestOf(snap, written),
          opts,
        );
        await fsp.rename(partial, file);
        await syncDir(dir);
        return { file, bytes: (await fsp.stat(file)).size, manifest };
      } catch (err) {
        await fsp.rm(partial, { force: true });
        if (!(err instanceof ObjectMovedError) || attempt >= 3) throw err;
      }
    }
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}

async function* entries(source: BackupSource, snap: DbSnapshot): AsyncGenerator<Entry> {
  yield { name: DATA_SQL, bytes: Buffer.from(snap.dataSql) };
  yield { name: SCHEMA_SQL, bytes: Buffer.from(snap.schemaSql) };
  yield { name: KEYS_JSON, bytes: Buffer.from(JSON.stringify(source.keys, null, 2) + '\n') };
  const root = path.resolve(source.dataDir, 'storage');
  for (const o of snap.objects) {
    const file = path.resolve(root, o.bucket_id, o.name);
    if (!file.startsWith(root + path.sep))
      throw new Error(`object ${o.bucket_id}/${o.name}: its name leads out of the storage folder`);
    let bytes: Buffer;
    try {
      bytes = await fsp.readFile(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT')
        throw new ObjectMovedError(`${o.bucket_id}/${o.name} is gone`);
      throw err;
    }
    if (o.etag && o.etag !== `"${createHash('md5').update(bytes).digest('hex')}"`) {
      throw new ObjectMovedError(`${o.bucket_id}/${o.name} changed`);
    }
    yield { name: `${STORAGE_PREFIX}${o.bucket_id}/${o.name}`, bytes };
  }
}

function manifestOf(snap: DbSnapshot, written: Manifest['entries']): Manifest {
  const buckets: Manifest['buckets'] = {};
  for (const o of snap.objects) {
    const b = (buckets[o.bucket_id] ??= { objects: 0, bytes: 0 });
    b.objects++;
    b.bytes += written[`${STORAGE_PREFIX}${o.bucket_id}/${o.name}`]?.size ?? 0;
  }
  return {
    format: FORMAT,
    formatVersion: FORMAT_VERSION,
    createdAt: new Date().toISOString(),
    product: productVersion(),
    database: { kind: snap.kind, serverVersion: snap.serverVersion, dumpedBy: snap.dumpedBy },
    migrations: snap.migrations,
    migrationLevel: snap.migrations[snap.migrations.length - 1] ?? '',
    tables: snap.tables,
    checksums: snap.checksums,
    buckets,
    entries: written,
  };
}

async function syncDir(dir: string) {
  const fh = await fsp.open(dir, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/** Complete backups in `dir`, newest first. */
/** The time a backup's name gives (`chef-backup-2026-11-28T10-00-00-000Z…`). */
export function nameTime(name: string): number {
  const m = /^chef-backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z/.exec(name);
  return m ? Date.parse(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`) : NaN;
}

/** A minute of clock difference is not "in the future". */
const FUTURE_SLACK_MS = 60_000;

/**
 * Complete backups in `dir`, newest first by the time each file was written (its mtime), and the
 * files whose name or mtime is in the future (a clock that was ahead, a copy from another machine):
 * those are never taken as the newest, only reported.
 */
export async function backupFiles(dir: string, now = Date.now()): Promise<{ files: string[]; future: string[] }> {
  const names = (await fsp.readdir(dir).catch(() => [] as string[])).filter((n) => BACKUP_NAME.test(n));
  const found: { file: string; at: number }[] = [];
  const future: string[] = [];
  for (const n of names) {
    const file = path.join(dir, n);
    const st = await fsp.stat(file).catch(() => undefined);
    if (!st?.isFile()) continue;
    if (nameTime(n) > now + FUTURE_SLACK_MS || st.mtimeMs > now + FUTURE_SLACK_MS) future.push(file);
    else found.push({ file, at: st.mtimeMs });
  }
  return {
    files: found.sort((a, b) => b.at - a.at || b.file.localeCompare(a.file)).map((f) => f.file),
    future: future.sort(),
  };
}

export async function listBackups(dir: string): Promise<string[]> {
  return (await backupFiles(dir)).files;
}

/**
 * Keeps the newest `keep` of the backups this server wrote (`written`: the files of its recorded
 * runs, newest first by when they ran) and deletes the older ones; never `justMade`, and never a file
 * it did not write (a copy put beside them is the chef's). Deletes the temporary files that a backup
 * cut off (a crash, kill -9) left: those whose process is gone. Returns what it removed and the
 * backup-named files dated in the future, for the log (issue 38, F8).
 */
export async function rotateBackups(
  dir: string,
  keep: number,
  opts: { written?: string[]; justMade?: string } = {},
): Promise<{ removed: string[]; future: string[] }> {
  const removed: string[] = [];
  const inDir = (opts.written ?? []).filter(
    (f) => path.dirname(path.resolve(f)) === path.resolve(dir) && BACKUP_NAME.test(path.basename(f)),
  );
  const ordered = [
    ...new Set(
      opts.justMade
        ? [path.resolve(opts.justMade), ...inDir.map((f) => path.resolve(f))]
        : inDir.map((f) => path.resolve(f)),
    ),
  ];
  for (const old of ordered.slice(Math.max(1, keep))) {
    if (old === opts.justMade) continue;
    if (!fs.existsSync(old)) continue;
    await fsp.rm(old, { force: true });
    removed.push(old);
  }
  for (const name of await fsp.readdir(dir).catch(() => [] as string[])) {
    const m = PARTIAL.exec(name);
    if (m && Number(m[2]) !== process.pid && !alive(Number(m[2]))) {
      await fsp.rm(path.join(dir, name), { force: true });
      removed.push(path.join(dir, name));
    }
  }
  return { removed, future: (await backupFiles(dir)).future };
}
