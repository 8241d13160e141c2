import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { BackupFileError, DATA_SQL, entryPath, readArchive, STORAGE_PREFIX, type Manifest } from './archive.ts';
import { RestoreRefused } from './restore.ts';
import { TABLE_CHECKSUMS_SQL, TABLE_COUNTS_SQL } from './snapshot.ts';

/**
 * `npm run move -- --to-supabase https://<ref>.supabase.co --db postgres://…`: a backup's accounts,
 * rows and photos into a hosted Supabase project whose migrations are applied (docs/deploy.md).
 * Supabase owns its `auth`, `storage` and `supabase_migrations` schemas, so only what is ours goes
 * in through SQL: the rows of every table in `public` and `private`, and of `auth.users` and
 * `auth.identities` (GoTrue's columns as they are, bcrypt hashes included, so passwords keep
 * working; columns we do not have take GoTrue's defaults). Photos go through the Storage API with
 * the service key, under their names; the image URLs that named the old host are given the new one.
 */

/** Which parts of pg_dump's data-only output go to a hosted project. */
function isOurs(schema: string, name: string): boolean {
  return (
    schema === 'public' || schema === 'private' || (schema === 'auth' && (name === 'users' || name === 'identities'))
  );
}

/** pg_dump's sections (`-- Data for Name: x; Type: TABLE DATA; Schema: s; …` and `-- Name: …; Type: SEQUENCE SET; …`) that are ours. */
export function hostedPart(sql: string): { sql: string; tables: string[] } {
  const header = /^--\n-- (?:Data for )?Name: ([^;]+); Type: ([^;]+); Schema: ([^;]+); Owner: [^\n]*\n--\n/gm;
  const marks = [...sql.matchAll(header)];
  const tables: string[] = [];
  let out = '';
  marks.forEach((m, i) => {
    const [, name, type, schema] = m;
    const end = i + 1 < marks.length ? marks[i + 1]!.index : sql.length;
    const keep =
      type === 'TABLE DATA'
        ? isOurs(schema!, name!)
        : type === 'SEQUENCE SET' && (schema === 'public' || schema === 'private');
    if (!keep) return;
    let body = sql.slice(m.index, end);
    if (i + 1 === marks.length)
      body = body
        .replace(/\n\\unrestrict [A-Za-z0-9]+\s*$/, '\n')
        .replace(/^-- PostgreSQL database dump complete\s*$/m, '');
    if (type === 'TABLE DATA') tables.push(`${schema}.${name}`);
    out += body;
  });
  return { sql: out, tables };
}

export interface HostedTarget {
  /** The project's URL (`https://<ref>.supabase.co`). */
  apiUrl: string;
  /** The project's database (the `postgres` role's connection string). */
  dbUrl: string;
  serviceKey: string;
}

export async function moveToHosted(
  file: string,
  target: HostedTarget,
  opts: { passphrase?: string; log?: (line: string) => void } = {},
) {
  const log = opts.log ?? (() => {});
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'chef-hosted-'));
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: target.dbUrl });
  try {
    let manifest: Manifest;
    try {
      manifest = await readArchive(path.resolve(file), work, { passphrase: opts.passphrase });
    } catch (err) {
      if (err instanceof BackupFileError) throw new RestoreRefused(err.message);
      throw err;
    }
    await client.connect();
    const applied = new Set(
      (await client.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map(
        (r) => r.version,
      ),
    );
    const missing = manifest.migrations.filter((v) => !applied.has(v));
    if (missing.length) {
      throw new RestoreRefused(
        `The project lacks migration ${missing[0]}${missing.length > 1 ? ` and ${missing.length - 1} more` : ''}: apply supabase/migrations first (supabase db push).`,
      );
    }
    const users = Number((await client.query<{ n: string }>('select count(*) as n from auth.users')).rows[0]!.n);
    if (users > 0)
      throw new RestoreRefused(
        `The project already has ${users} account(s): move into a new project, whose auth.users is empty.`,
      );

    const part = hostedPart(await fsp.readFile(entryPath(work, DATA_SQL), 'utf8'));
    const ours = part.tables.filter((t) => t.startsWith('public.') || t.startsWith('private.'));
    await client.query('begin');
    try {
      await client.query(
        `set local session_replication_role = replica; set local timezone to 'UTC'; set local statement_timeout = 0`,
      );
      // What the migrations inserted into our tables makes way for the backup's rows.
      if (ours.length)
        await client.query(
          `truncate table ${ours
            .map((t) =>
              t
                .split('.')
                .map((p) => `"${p}"`)
                .join('.'),
            )
            .join(', ')} restart identity cascade`,
        );
      await client.query(part.sql);
      const counts = Object.fromEntries(
        (await client.query<{ table: string; rows: string }>(TABLE_COUNTS_SQL)).rows.map((r) => [
          r.table,
          Number(r.rows),
        ]),
      );
      const sums = Object.fromEntries(
        (await client.query<{ table: string; md5: string }>(TABLE_CHECKSUMS_SQL)).rows.map((r) => [r.table, r.md5]),
      );
      for (const t of part.tables) {
        if (counts[t] !== manifest.tables[t])
          throw new Error(`${t}: ${counts[t]} rows in the project, the backup has ${manifest.tables[t]}`);
        // GoTrue's tables have more columns than ours: their rows are counted, ours also compared.
        if (ours.includes(t) && sums[t] !== manifest.checksums[t])
          throw new Error(`${t}: the rows in the project differ from the backup's (checksum)`);
      }
      await client.query('commit');
    } catch (err) {
      await client.query('rollback').catch(() => {});
      throw err;
    }
    log(`rows of ${part.tables.length} tables loaded and checked`);

    let photos = 0;
    const base = target.apiUrl.replace(/\/+$/, '');
    for (const name of Object.keys(manifest.entries)) {
      if (!name.startsWith(STORAGE_PREFIX)) continue;
      const [bucket, ...rest] = name.slice(STORAGE_PREFIX.length).split('/');
      const objectName = rest.join('/');
      const bytes = await fsp.readFile(entryPath(work, name));
      const type = (await fileTypeFromBuffer(bytes))?.mime ?? 'application/octet-stream';
      const res = await fetch(
        `${base}/storage/v1/object/${encodeURIComponent(bucket!)}/${objectName.split('/').map(encodeURIComponent).join('/')}`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${target.serviceKey}`,
            apikey: target.serviceKey,
            'content-type': type,
            'x-upsert': 'true',
          },
          body: bytes,
        },
      );
      if (!res.ok)
        throw new Error(
          `upload of ${bucket}/${objectName} answered ${res.status}: ${(await res.text()).slice(0, 200)}`,
        );
      photos++;
    }
    // Image URLs that named the old host's Storage now name the project's.
    const { rowCount } = await client.query(
      `update public.community_recipes set image_url = $1 || substring(image_url from position('/storage/v1/object/' in image_url))
        where image_url like '%/storage/v1/object/%' and not starts_with(image_url, $1)`,
      [base],
    );
    return { manifest, tables: part.tables, photos, imageUrls: rowCount ?? 0 };
  } finally {
    await client.end().catch(() => {});
    await fsp.rm(work, { recursive: true, force: true });
  }
}
