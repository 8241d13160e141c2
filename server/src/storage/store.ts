import type { Sql } from '../db/index.ts';

/**
 * Data access for /storage/v1: every SQL statement the storage routes run lives here. Callers
 * choose the role: `db.tx(claims, …)` where row-level security must decide (objects, bucket
 * listing), `db.tx(null, …)` for what Storage itself reads as a superuser (a bucket's limits, the
 * objects of a public bucket).
 */

export interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | null;
  created_at: Date | string | null;
  updated_at: Date | string | null;
}

export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  created_at: Date | string | null;
  updated_at: Date | string | null;
  last_accessed_at: Date | string | null;
  metadata: ObjectMetadata | null;
  user_metadata: Record<string, unknown> | null;
}

/** One row of a listing: a file (with id and metadata) or a folder (nulls), as storage.search gives. */
export interface ListEntry {
  name: string;
  id: string | null;
  updated_at: Date | string | null;
  created_at: Date | string | null;
  last_accessed_at: Date | string | null;
  metadata: ObjectMetadata | null;
}

const BUCKET_COLUMNS = `id, name, owner, public, file_size_limit, allowed_mime_types, created_at, updated_at`;
const OBJECT_COLUMNS = `id, bucket_id, name, owner, created_at, updated_at, last_accessed_at, metadata, user_metadata`;

export async function findBucket(sql: Sql, id: string): Promise<BucketRow | undefined> {
  const r = await sql<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id]);
  return r.rows[0];
}

export async function listBuckets(sql: Sql): Promise<BucketRow[]> {
  const r = await sql<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets order by name`);
  return r.rows;
}

export async function createBucket(
  sql: Sql,
  b: {
    id: string;
    name: string;
    owner: string | null;
    public: boolean;
    fileSizeLimit: number | null;
    allowedMimeTypes: string[] | null;
  },
): Promise<void> {
  await sql(
    `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
     values ($1, $2, $3::uuid, $4, $5, $6, $7::text[])`,
    [b.id, b.name, b.owner, b.owner, b.public, b.fileSizeLimit, b.allowedMimeTypes],
  );
}

export async function updateBucket(
  sql: Sql,
  id: string,
  b: { public?: boolean; fileSizeLimit?: number | null; allowedMimeTypes?: string[] | null },
): Promise<number> {
  const r = await sql(
    `update storage.buckets set
        public = coalesce($2, public),
        file_size_limit = case when $3 then $4 else file_size_limit end,
        allowed_mime_types = case when $5 then $6::text[] else allowed_mime_types end,
        updated_at = now()
      where id = $1`,
    [
      id,
      b.public ?? null,
      b.fileSizeLimit !== undefined,
      b.fileSizeLimit ?? null,
      b.allowedMimeTypes !== undefined,
      b.allowedMimeTypes ?? null,
    ],
  );
  return r.rowCount;
}

export async function bucketHasObjects(sql: Sql, id: string): Promise<boolean> {
  const r = await sql(`select 1 from storage.objects where bucket_id = $1 limit 1`, [id]);
  return r.rows.length > 0;
}

/**
 * Says, for the rest of the transaction, that this is the Storage API deleting: storage.objects and
 * storage.buckets refuse any other DELETE (storage.protect_delete in server/bootstrap.sql, as
 * Supabase's Storage does), since a row deleted by SQL leaves its file behind.
 */
export async function allowDeletes(sql: Sql): Promise<void> {
  await sql(`select set_config('storage.allow_delete_query', 'true', true)`);
}

export async function deleteBucket(sql: Sql, id: string): Promise<number> {
  await allowDeletes(sql);
  const r = await sql(`delete from storage.buckets where id = $1`, [id]);
  return r.rowCount;
}

export interface NewObject {
  id: string;
  bucketId: string;
  name: string;
  owner: string | null;
  ownerId: string | null;
  metadata: ObjectMetadata;
  userMetadata: Record<string, unknown> | null;
  version: string;
}

/**
 * A plain insert with no RETURNING: row-level security checks it with the insert policies only
 * (a RETURNING clause would also require a select policy, which Storage does not ask for).
 */
export async function insertObject(sql: Sql, o: NewObject): Promise<void> {
  await sql(
    `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
     values ($1, $2, $3, $4::uuid, $5, $6::jsonb, $7::jsonb, $8)`,
    [o.id, o.bucketId, o.name, o.owner, o.ownerId, JSON.stringify(o.metadata), jsonOrNull(o.userMetadata), o.version],
  );
}

/** Insert or replace (`x-upsert: true`): needs the insert, select and update policies, as on Supabase. */
export async function upsertObject(sql: Sql, o: NewObject): Promise<string> {
  const r = await sql<{ id: string }>(
    `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
     values ($1, $2, $3, $4::uuid, $5, $6::jsonb, $7::jsonb, $8)
     on conflict (bucket_id, name) do update set
       owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
       user_metadata = excluded.user_metadata, version = excluded.version,
       updated_at = now(), last_accessed_at = now()
     returning id`,
    [o.id, o.bucketId, o.name, o.owner, o.ownerId, JSON.stringify(o.metadata), jsonOrNull(o.userMetadata), o.version],
  );
  return r.rows[0]!.id;
}

export async function findObject(sql: Sql, bucketId: string, name: string): Promise<ObjectRow | undefined> {
  const r = await sql<ObjectRow>(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`, [
    bucketId,
    name,
  ]);
  return r.rows[0];
}

export async function deleteObjects(sql: Sql, bucketId: string, names: string[]): Promise<ObjectRow[]> {
  await allowDeletes(sql);
  const r = await sql<ObjectRow>(
    `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`,
    [bucketId, names],
  );
  return r.rows;
}

/** The eTags of the objects in `buckets` (their photos' variants are kept: variants.ts). */
export async function variantKeys(sql: Sql, buckets: string[]): Promise<string[]> {
  const r = await sql<{ etag: string | null }>(
    `select metadata ->> 'eTag' as etag from storage.objects where bucket_id = any($1::text[])`,
    [buckets],
  );
  return r.rows.map((row) => row.etag ?? '');
}

export type SortColumn = 'name' | 'updated_at' | 'created_at' | 'last_accessed_at';

/** Fixed SQL for each allowed sort, so no identifier from the request reaches the query text. */
const ORDER_BY: Record<SortColumn, Record<'asc' | 'desc', string>> = {
  name: { asc: 'name asc', desc: 'name desc' },
  updated_at: { asc: 'updated_at asc nulls first, name asc', desc: 'updated_at desc nulls last, name asc' },
  created_at: { asc: 'created_at asc nulls first, name asc', desc: 'created_at desc nulls last, name asc' },
  last_accessed_at: {
    asc: 'last_accessed_at asc nulls first, name asc',
    desc: 'last_accessed_at desc nulls last, name asc',
  },
};

/**
 * One level of a bucket under `prefix` (empty, or ending in `/`), as Supabase's `storage.search`
 * answers it: each sub-folder once (nulls), each file with its row. `search` keeps entries whose
 * name starts with it, case-insensitively.
 */
export async function listLevel(
  sql: Sql,
  q: {
    bucketId: string;
    prefix: string;
    search: string;
    limit: number;
    offset: number;
    sortColumn: SortColumn;
    order: 'asc' | 'desc';
  },
): Promise<ListEntry[]> {
  const r = await sql<ListEntry>(
    `with level as (
       select substr(name, char_length($2) + 1) as rest, id, updated_at, created_at, last_accessed_at, metadata
         from storage.objects
        where bucket_id = $1 and starts_with(name, $2)
     ), entries as (
       select split_part(rest, '/', 1) as name, null::uuid as id, null::timestamptz as updated_at,
              null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata
         from level where strpos(rest, '/') > 0
        group by split_part(rest, '/', 1)
       union all
       select rest, id, updated_at, created_at, last_accessed_at, metadata
         from level where strpos(rest, '/') = 0
     )
     select name, id, updated_at, created_at, last_accessed_at, metadata from entries
      where starts_with(lower(name), lower($3))
      order by ${ORDER_BY[q.sortColumn][q.order]}
      limit $4 offset $5`,
    [q.bucketId, q.prefix, q.search, q.limit, q.offset],
  );
  return r.rows;
}

function jsonOrNull(v: Record<string, unknown> | null): string | null {
  return v ? JSON.stringify(v) : null;
}
