import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/index.ts';

/**
 * One consistent view of the database for a backup: a data dump and a schema dump made by pg_dump,
 * and, from the same snapshot, the rows per table, the stored objects (to fetch their bytes) and
 * the migrations applied. docs/decisions/0020-backups-and-durability.md says why each database is
 * read the way it is.
 */
export interface DbSnapshot {
  kind: 'pglite' | 'postgres';
  serverVersion: string;
  dumpedBy: string;
  dataSql: string;
  schemaSql: string;
  migrations: string[];
  tables: Record<string, number>;
  checksums: Record<string, string>;
  objects: SnapshotObject[];
}

export interface SnapshotObject {
  bucket_id: string;
  name: string;
  /** The object's MD5 as Storage stores it (`"hex"`), or null. */
  etag: string | null;
}

/**
 * The data dump: rows only, as INSERT statements naming their columns (restored into a schema the
 * migrations build, docs/decisions/0020), every schema of the database, no owners or grants.
 */
export const DATA_DUMP_ARGS = [
  '--data-only',
  '--column-inserts',
  '--rows-per-insert=100',
  '--no-owner',
  '--no-privileges',
];
/** The schema, for reading and for `psql` users; the restore builds the schema from the migrations. */
export const SCHEMA_DUMP_ARGS = ['--schema-only', '--no-owner'];

/** Rows per table of every schema that is not PostgreSQL's own, in one statement (one snapshot). */
export const TABLE_COUNTS_SQL = `
  select n.nspname || '.' || c.relname as "table",
         (xpath('/row/c/text()', query_to_xml(format('select count(*) as c from %I.%I', n.nspname, c.relname), false, true, '')))[1]::text::bigint as "rows"
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where c.relkind in ('r', 'p')
     and n.nspname not in ('pg_catalog', 'information_schema')
     and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
   order by 1`;
/**
 * Each table's rows as text, sorted byte-wise, hashed (MD5): the same rows give the same value on
 * PGlite and PostgreSQL whatever their collation (read with TimeZone UTC).
 */
export const TABLE_CHECKSUMS_SQL = `
  select n.nspname || '.' || c.relname as "table",
         (xpath('/row/c/text()', query_to_xml(format('select md5(coalesce(string_agg(t::text, E''\\n'' order by t::text collate "C"), '''')) as c from %I.%I t', n.nspname, c.relname), false, true, '')))[1]::text as "md5"
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where c.relkind in ('r', 'p')
     and n.nspname not in ('pg_catalog', 'information_schema')
     and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
   order by 1`;
export const OBJECTS_SQL = `select bucket_id, name, metadata ->> 'eTag' as etag from storage.objects order by bucket_id, name`;
export const MIGRATIONS_SQL = `select version from supabase_migrations.schema_migrations order by version`;

function checksumsOf(rows: { table: string; md5: string }[]): Record<string, string> {
  return Object.fromEntries(rows.map((r) => [r.table, r.md5]));
}

function countsOf(rows: { table: string; rows: string | number }[]): Record<string, number> {
  return Object.fromEntries(rows.map((r) => [r.table, Number(r.rows)]));
}

export async function snapshotDatabase(
  db: Db,
  work: string,
  databaseUrl?: string,
  pgDump?: string,
): Promise<DbSnapshot> {
  return db.kind === 'pglite' ? snapshotPglite(db, work) : snapshotPostgres(databaseUrl!, work, pgDump ?? findPgDump());
}

/**
 * PGlite: the folder is copied while PGlite runs no statement (a moment, the copy of a few tens of
 * megabytes; what a crash would leave, which PostgreSQL's recovery makes consistent), then a child
 * process opens the copy and runs PGlite's own pg_dump on it, so the server keeps answering while
 * the dump runs and the child's memory is given back when it exits.
 */
async function snapshotPglite(db: Db, work: string): Promise<DbSnapshot> {
  const copy = path.join(work, 'pglite-copy');
  await db.copyFolder!(copy);
  const out = path.join(work, 'dump');
  await fsp.mkdir(out, { recursive: true, mode: 0o700 });
  const pglite = import.meta.resolve('@electric-sql/pglite');
  const tools = import.meta.resolve('@electric-sql/pglite-tools/pg_dump');
  const script = `
const fs = await import('node:fs');
const { PGlite } = await import(${JSON.stringify(pglite)});
const { pgDump } = await import(${JSON.stringify(tools)});
const [dir, out] = process.argv.slice(1);
const pg = new PGlite(dir);
await pg.waitReady;
await pg.exec("set timezone to 'UTC'");
const q = async (text) => (await pg.query(text)).rows;
const info = {
  serverVersion: (await q('show server_version'))[0].server_version,
  tables: await q(${JSON.stringify(TABLE_COUNTS_SQL)}),
  checksums: await q(${JSON.stringify(TABLE_CHECKSUMS_SQL)}),
  objects: await q(${JSON.stringify(OBJECTS_SQL)}),
  migrations: (await q(${JSON.stringify(MIGRATIONS_SQL)})).map((r) => r.version),
};
for (const [name, args] of [['data.sql', ${JSON.stringify(DATA_DUMP_ARGS)}], ['schema.sql', ${JSON.stringify(SCHEMA_DUMP_ARGS)}]]) {
  const file = await pgDump({ pg, args });
  fs.writeFileSync(out + '/' + name, Buffer.from(await file.arrayBuffer()), { mode: 0o600 });
}
fs.writeFileSync(out + '/info.json', JSON.stringify(info));
await pg.close();`;
  await runChild(process.execPath, ['--input-type=module', '-e', script, copy, out], 'pg_dump of the PGlite copy');
  await fsp.rm(copy, { recursive: true, force: true });
  const info = JSON.parse(await fsp.readFile(path.join(out, 'info.json'), 'utf8')) as {
    serverVersion: string;
    tables: { table: string; rows: number }[];
    checksums: { table: string; md5: string }[];
    objects: SnapshotObject[];
    migrations: string[];
  };
  const dataSql = await fsp.readFile(path.join(out, 'data.sql'), 'utf8');
  return {
    kind: 'pglite',
    serverVersion: info.serverVersion,
    dumpedBy: dumpedBy(dataSql),
    dataSql,
    schemaSql: await fsp.readFile(path.join(out, 'schema.sql'), 'utf8'),
    migrations: info.migrations,
    tables: countsOf(info.tables),
    checksums: checksumsOf(info.checksums),
    objects: info.objects,
  };
}

/**
 * PostgreSQL: a repeatable-read transaction exports its snapshot; the counts, the objects and the
 * migrations are read in it, and pg_dump runs twice on that same snapshot (`--snapshot`), while
 * the server goes on as usual.
 */
async function snapshotPostgres(url: string, work: string, pgDump: string): Promise<DbSnapshot> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`begin isolation level repeatable read read only; set local timezone to 'UTC'`);
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id;
    const serverVersion = (await client.query<{ server_version: string }>('show server_version')).rows[0]!
      .server_version;
    const tables = countsOf((await client.query<{ table: string; rows: string }>(TABLE_COUNTS_SQL)).rows);
    const checksums = checksumsOf((await client.query<{ table: string; md5: string }>(TABLE_CHECKSUMS_SQL)).rows);
    const objects = (await client.query<SnapshotObject>(OBJECTS_SQL)).rows;
    const migrations = (await client.query<{ version: string }>(MIGRATIONS_SQL)).rows.map((r) => r.version);
    const dump = async (args: string[], name: string) => {
      const file = path.join(work, name);
      await runChild(pgDump, [...args, `--snapshot=${snapshot}`, '--file', file, '--dbname', url], 'pg_dump');
      return fsp.readFile(file, 'utf8');
    };
    const dataSql = await dump(DATA_DUMP_ARGS, 'data.sql');
    const schemaSql = await dump(SCHEMA_DUMP_ARGS, 'schema.sql');
    await client.query('commit');
    return {
      kind: 'postgres',
      serverVersion,
      dumpedBy: dumpedBy(dataSql),
      dataSql,
      schemaSql,
      migrations,
      tables,
      checksums,
      objects,
    };
  } finally {
    await client.end().catch(() => {});
  }
}

function dumpedBy(sql: string): string {
  return /^-- Dumped by (pg_dump version .+)$/m.exec(sql)?.[1] ?? 'pg_dump';
}

/** pg_dump when PG_DUMP is not set: the newest under /usr/lib/postgresql, or the one on the PATH. */
export function findPgDump(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const v of versions) {
    const bin = path.join(root, v, 'bin', 'pg_dump');
    if (fs.existsSync(bin)) return bin;
  }
  return 'pg_dump';
}

function runChild(cmd: string, args: string[], what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', (err) =>
      reject(
        new Error(
          `${what}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? `${cmd} not found (install PostgreSQL's client tools, or set PG_DUMP)` : err.message}`,
        ),
      ),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${what} failed: ${stderr.trim() || `exit code ${code}`}`)),
    );
  });
}
