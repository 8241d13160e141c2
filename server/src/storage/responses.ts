import { ApiError } from '../http/api-error.ts';
import { storageErrors } from './error-codes.ts';
import type * as store from './store.ts';

/** A requester's id that can be a row's owner (a uuid column): service keys and others have none. */
export const OWNER_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Database refusals in Storage's words; anything else goes on to the central handler (500). */
export function rethrowDbError(err: unknown): never {
  if (err instanceof ApiError) throw err;
  switch (pgCode(err)) {
    case '42501': {
      const rls = String((err as Error).message).includes('row-level security');
      throw storageErrors.unauthorized(rls ? 'new row violates row-level security policy' : 'permission denied');
    }
    case '23505':
      throw storageErrors.duplicate();
    case '23503':
      throw storageErrors.bucketNotFound();
    case '22P02':
    case '22023':
      throw storageErrors.invalidRequest('Invalid input');
  }
  throw err;
}

export function pgCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export function bucketJson(b: store.BucketRow) {
  return {
    id: b.id,
    name: b.name,
    owner: b.owner ?? '',
    public: b.public,
    file_size_limit: b.file_size_limit === null ? null : Number(b.file_size_limit),
    allowed_mime_types: b.allowed_mime_types,
    created_at: iso(b.created_at),
    updated_at: iso(b.updated_at),
  };
}

export function objectJson(o: store.ObjectRow) {
  return {
    bucket_id: o.bucket_id,
    name: o.name,
    id: o.id,
    owner: o.owner,
    created_at: iso(o.created_at),
    updated_at: iso(o.updated_at),
    last_accessed_at: iso(o.last_accessed_at),
    metadata: o.metadata,
    user_metadata: o.user_metadata,
  };
}

export function iso(v: Date | string | null): string | null {
  if (v === null) return null;
  const d = v instanceof Date ? v : new Date(v);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
