import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDb, type Db, type Sql } from '../db/index.ts';
import { listMigrations, migrate } from '../db/migrate.ts';
import {
  BackupFileError,
  DATA_SQL,
  entryPath,
  isEncrypted,
  KEYS_JSON,
  readArchive,
  STORAGE_PREFIX,
  type Manifest,
} from './archive.ts';
import { checkedDumpRows, DumpRefused, KNOWN_NAMES_SQL } from './dump-rows.ts';
import type { BackupKeys } from './backup.ts';
import { TABLE_CHECKSUMS_SQL, TABLE_COUNTS_SQL } from './snapshot.ts';

/**
 * `npm run restore`: a backup into an empty DATA_DIR (PGlite) or an empty PostgreSQL database.
 * Everything is checked before anything is written (server/src/backup/archive.ts); the schema is
 * built by the migrations up to the backup's level, the rows go in in one transaction and are
 * compared with the manifest's counts and checksums, then the newer migrations run.
 */

export interface RestoreTarget {
  dataDir: string;
  databaseUrl?: string;
  /** JWT_SECRET from the environment, if set: it must be the backup's. */
  jwtSecretFromEnv?: string;
  fsync?: boolean;
  /**
   * `npm run move`: the photos and the JWT secret are already in DATA_DIR (the same folder serves
   * the PostgreSQL server); only the rows move, and DATA_DIR need not be empty.
   */
  rowsOnly?: boolean;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Migrations newer than the backup, applied after its rows. */
  migrated: string[];
  photos: number;
}

export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

/** Takes group and other permissions off every entry under `dir`. */
async function privateTree(dir: string): Promise<void> {
  const st = await fsp.lstat(dir).catch(() => undefined);
  if (!st || st.isSymbolicLink()) return;
  if ((st.mode & 0o077) !== 0) await fsp.chmod(dir, st.mode & 0o700);
  if (st.isDirectory()) for (const name of await fsp.readdir(dir)) await privateTree(path.join(dir, name));
}

/** Tables of every schema that is not PostgreSQL's own. */
const USER_TABLES_SQL = `
  select format('%I.%I', n.nspname, c.relname) as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
     and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
   order by 1`;

/** Why the target is not empty, or undefined when it is. */
async function targetNotEmpty(t: RestoreTarget): Promise<string | undefined> {
  const entries = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);
  if (t.rowsOnly) return databaseNotEmpty(t.databaseUrl!);
  if (!t.databaseUrl) {
    const inside = entries(t.dataDir);
    if (inside.length > 0) {
      return `DATA_DIR ${t.dataDir} is not empty (it holds ${inside.slice(0, 3).join(', ')}${inside.length > 3 ? ', …' : ''}). A restore writes into an empty folder only: set DATA_DIR to a new folder, or move this one away first.`;
    }
    return undefined;
  }
  if (fs.existsSync(path.join(t.dataDir, 'jwt-secret'))) {
    return `DATA_DIR ${t.dataDir} already holds a JWT secret (jwt-secret). A restore brings the backup's: use an empty DATA_DIR.`;
  }
  const stored = entries(path.join(t.dataDir, 'storage'));
  if (stored.length > 0) {
    return `DATA_DIR ${t.dataDir} already holds stored files (storage/${stored[0]}). A restore writes the backup's photos into an empty DATA_DIR only.`;
  }
  return databaseNotEmpty(t.databaseUrl);
}

async function databaseNotEmpty(url: string): Promise<string | undefined> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (err) {
    return `Cannot connect to DATABASE_URL: ${(err as Error).message}`;
  }
  try {
    const { rows } = await client.query<{ name: string }>(USER_TABLES_SQL);
    if (rows.length > 0) {
      return `The database at DATABASE_URL is not empty (it has tables: ${rows
        .slice(0, 3)
        .map((r) => r.name)
        .join(
          ', ',
        )}${rows.length > 3 ? ', …' : ''}). A restore goes into an empty database only: create one (createdb, or CREATE DATABASE) and point DATABASE_URL at it.`;
    }
  } finally {
    await client.end().catch(() => {});
  }
  return undefined;
}

/**
 * The rows of pg_dump's data-only output without its session settings: the text from the first
 * table's data on, and without the `\unrestrict` line newer pg_dump versions end with (a psql
 * command, not SQL). Settings such as `transaction_timeout` (PostgreSQL 17) are not known by older
 * servers; the restore sets what it needs itself.
 */
export function rowsOfDump(sql: string): string {
  const start = sql.search(/^--\n-- Data for Name: /m);
  let body = start >= 0 ? sql.slice(start) : '';
  body = body.replace(/\n\\unrestrict [A-Za-z0-9]+\s*$/, '\n');
  return body;
}

function codeMigrationsCheck(manifest: Manifest): string | undefined {
  const known = new Set(listMigrations().map((m) => m.version));
  const unknown = manifest.migrations.filter((v) => !known.has(v));
  if (unknown.length > 0) {
    return `This backup comes from newer code: its database has migration ${unknown[unknown.length - 1]}, which this code does not have. Update the code (git pull), then restore.`;
  }
  return undefined;
}

/**
 * Loads the dump's rows in one transaction, triggers off (the rows are as they were), and checks
 * them. Only INSERTs of literal rows into the tables the migrations made run (./dump-rows.ts), and
 * the backup's tables must be exactly those, each with its count and checksum.
 */
async function loadRows(db: Db, manifest: Manifest, dataSql: string) {
  await db.tx(null, async (sql) => {
    await sql.script(
      `set local session_replication_role = replica; set local timezone to 'UTC'; set local statement_timeout = 0; set local standard_conforming_strings = on;`,
    );
    const names = (await sql<{ kind: string; name: string }>(KNOWN_NAMES_SQL)).rows;
    const tables = names.filter((r) => r.kind !== 'S').map((r) => r.name);
    const listed = Object.keys(manifest.tables);
    const missing = tables.filter((t) => !(t in manifest.tables) || !manifest.checksums?.[t]);
    const extra = listed.filter((t) => !tables.includes(t));
    if (missing.length > 0 || extra.length > 0) {
      throw new RestoreRefused(
        `The backup's manifest does not list the product's tables: ${[...missing.map((t) => `${t} is missing or has no checksum`), ...extra.map((t) => `${t} is not one of them`)].slice(0, 3).join('; ')}.`,
      );
    }
    let rows: string;
    try {
      rows = checkedDumpRows(rowsOfDump(dataSql), {
        tables: new Set(tables),
        sequences: new Set(names.filter((r) => r.kind === 'S').map((r) => r.name)),
      }).sql;
    } catch (err) {
      if (err instanceof DumpRefused) throw new RestoreRefused(err.message);
      throw err;
    }
    // What the migrations wrote (buckets, settings, their own records) makes way for the backup's rows.
    if (tables.length > 0)
      await sql.script(
        `truncate table ${(await sql<{ name: string }>(USER_TABLES_SQL)).rows.map((r) => r.name).join(', ')} restart identity cascade`,
      );
    if (rows) await sql.script(rows);
    await verifyRows(sql, manifest);
  });
}

/** Every table the backup counted has as many rows and the same checksum (each must have one). */
export async function verifyRows(sql: Sql, manifest: Pick<Manifest, 'tables' | 'checksums'>) {
  const counts = Object.fromEntries(
    (await sql<{ table: string; rows: string }>(TABLE_COUNTS_SQL)).rows.map((r) => [r.table, Number(r.rows)]),
  );
  const sums = Object.fromEntries(
    (await sql<{ table: string; md5: string }>(TABLE_CHECKSUMS_SQL)).rows.map((r) => [r.table, r.md5]),
  );
  for (const [table, rows] of Object.entries(manifest.tables)) {
    if (counts[table] !== rows)
      throw new Error(`${table}: ${counts[table] ?? 'no table'} rows restored, the backup has ${rows}`);
    if (sums[table] !== manifest.checksums?.[table]) {
      throw new Error(`${table}: the restored rows differ from the backup's (checksum)`);
    }
  }
}

/** The flag that restores an unencrypted backup; its name says what the chef accepts. */
export const TRUST_UNENCRYPTED_FLAG = '--trust-unencrypted-backup';

export async function restoreBackup(
  file: string,
  target: RestoreTarget,
  opts: {
    passphrase?: string;
    /**
     * An unencrypted backup proves it is whole (its manifest), not who made it: anyone who could
     * write the file could have changed the rows and the manifest together. Restored only when
     * the chef says so (TRUST_UNENCRYPTED_FLAG), or made by the same command (`npm run move`).
     */
    trustUnencrypted?: boolean;
    log?: (line: string) => void;
  } = {},
): Promise<RestoreResult> {
  const log = opts.log ?? (() => {});
  const notEmpty = await targetNotEmpty(target);
  if (notEmpty) throw new RestoreRefused(notEmpty);
  const existed = fs.existsSync(target.dataDir);
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'chef-restore-'));
  let wrote = false;
  try {
    let manifest: Manifest;
    try {
      manifest = await readArchive(path.resolve(file), work, { passphrase: opts.passphrase });
    } catch (err) {
      if (err instanceof BackupFileError) throw new RestoreRefused(err.message);
      throw err;
    }
    const newer = codeMigrationsCheck(manifest);
    if (newer) throw new RestoreRefused(newer);
    if (!opts.trustUnencrypted && !(await isEncrypted(path.resolve(file)))) {
      throw new RestoreRefused(
        `${file} is not encrypted, so nothing proves that this server made it: whoever could change the file could have changed its rows (an owner account, say) and its manifest together. Restore an encrypted backup (BACKUP_PASSPHRASE), or, if you know where this file has been, run the restore again with ${TRUST_UNENCRYPTED_FLAG}.`,
      );
    }
    try {
      checkedDumpRows(rowsOfDump(await fsp.readFile(entryPath(work, DATA_SQL), 'utf8')), null);
    } catch (err) {
      if (err instanceof DumpRefused) throw new RestoreRefused(err.message);
      throw err;
    }
    const keys = JSON.parse(await fsp.readFile(entryPath(work, KEYS_JSON), 'utf8')) as BackupKeys;
    if (!target.rowsOnly && target.jwtSecretFromEnv && target.jwtSecretFromEnv !== keys.jwtSecret) {
      throw new RestoreRefused(
        "JWT_SECRET is set and differs from the backup's secret: the anon key, sessions and links in sent e-mails would stop working. Unset JWT_SECRET (the restore keeps the backup's in DATA_DIR/jwt-secret) or set it to the backup's.",
      );
    }
    log(
      `backup of ${manifest.createdAt}: migration level ${manifest.migrationLevel}, ${Object.values(manifest.tables).reduce((a, b) => a + b, 0)} rows, ${Object.values(manifest.buckets).reduce((a, b) => a + b.objects, 0)} photos`,
    );

    fs.mkdirSync(target.dataDir, { recursive: true, mode: 0o700 });
    // Private from the first moment: it will hold the JWT secret, password hashes and every visitor's data.
    fs.chmodSync(target.dataDir, 0o700);
    wrote = true;
    const db = await openDb({ dataDir: target.dataDir, databaseUrl: target.databaseUrl, fsync: target.fsync });
    let migrated: string[];
    try {
      await migrate(db, { upTo: manifest.migrationLevel, log });
      await loadRows(db, manifest, await fsp.readFile(entryPath(work, DATA_SQL), 'utf8'));
      log("rows restored and checked against the backup's counts and checksums");
      migrated = (await migrate(db, { log })).applied;
    } finally {
      await db.close();
      // PGlite writes its files 0666 whatever the umask; the folder (0700) kept them out of reach,
      // and now they are private themselves.
      if (!target.databaseUrl) await privateTree(target.dataDir);
    }

    if (target.rowsOnly) return { manifest, migrated, photos: 0 };
    // The photos, then the keys: a folder with keys is a folder a server may start on.
    let photos = 0;
    for (const name of Object.keys(manifest.entries)) {
      if (!name.startsWith(STORAGE_PREFIX)) continue;
      const dest = path.join(target.dataDir, 'storage', name.slice(STORAGE_PREFIX.length));
      await fsp.mkdir(path.dirname(dest), { recursive: true, mode: 0o700 });
      await fsp.copyFile(entryPath(work, name), dest, fs.constants.COPYFILE_EXCL);
      photos++;
    }
    if (!target.jwtSecretFromEnv)
      await fsp.writeFile(path.join(target.dataDir, 'jwt-secret'), keys.jwtSecret + '\n', { mode: 0o600, flag: 'wx' });
    wrote = false;
    return { manifest, migrated, photos };
  } catch (err) {
    // A folder this restore made or filled is not left half-restored.
    if (wrote && !target.rowsOnly) {
      if (!existed) await fsp.rm(target.dataDir, { recursive: true, force: true });
      else
        for (const part of ['pglite', 'storage'])
          await fsp.rm(path.join(target.dataDir, part), { recursive: true, force: true });
    }
    throw err;
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}
