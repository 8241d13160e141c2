import { SITE_PHOTOS_BUCKET, siteContentDefaults, type SiteDocumentKey } from '@content/editable.ts';
import { backendSettings, getSupabase } from '~/lib/supabase.ts';
import { photoWithoutMetadata } from './photo-without-metadata.ts';

/**
 * What the site section reads and writes, through supabase-js only (the same calls work on a hosted
 * project): the drafts (public.site_documents), the functions that save, publish, roll back and make a
 * preview link (supabase/migrations/*_site_content.sql), the history, and the photos' bucket.
 */

export interface SiteDocument {
  key: SiteDocumentKey;
  /** The saved draft (the default of content/editable.ts when the document was never saved). */
  draft: unknown;
  /** The version the draft was read at: 0 for a document never saved. */
  version: number;
  /** Whether the saved draft differs from what is live. */
  unpublished: boolean;
  updatedAt: string | null;
}

/** What a stale save is told: the version saved elsewhere, who saved it and when. */
export interface OtherVersion {
  version: number;
  draft: unknown;
  updatedAt: string | null;
  updatedBy: string | null;
}

export class StaleVersionError extends Error {
  constructor(
    message: string,
    readonly other: OtherVersion,
  ) {
    super(message);
  }
}

export interface Publication {
  id: number;
  publishedAt: string;
  publishedBy: string | null;
  changes: { key: string; fields: string[] | null }[];
  restoredFrom: number | null;
}

type RpcError = { message: string; code?: string; details?: string } | null;

function failed(error: RpcError): never {
  throw new Error(error?.message || 'The server did not answer.');
}

export async function loadDocuments(): Promise<Record<SiteDocumentKey, SiteDocument>> {
  const supabase = await getSupabase();
  const r = await supabase.from('site_documents').select('key, draft, version, published, updated_at');
  if (r.error) failed(r.error);
  const rows = new Map((r.data ?? []).map((row) => [row.key, row]));
  const out = {} as Record<SiteDocumentKey, SiteDocument>;
  for (const key of Object.keys(siteContentDefaults) as SiteDocumentKey[]) {
    const row = rows.get(key);
    out[key] = row
      ? {
          key,
          draft: row.draft,
          version: Number(row.version),
          unpublished: JSON.stringify(row.draft) !== JSON.stringify(row.published),
          updatedAt: row.updated_at,
        }
      : { key, draft: siteContentDefaults[key], version: 0, unpublished: false, updatedAt: null };
  }
  return out;
}

/** Saves a draft read at `version`; a stale version throws StaleVersionError with the other version. */
export async function saveDraft(
  key: SiteDocumentKey,
  draft: unknown,
  version: number,
): Promise<{ version: number; updatedAt: string }> {
  const supabase = await getSupabase();
  const r = await supabase.rpc('save_site_draft', { p_key: key, p_draft: draft as never, p_version: version });
  if (r.error) {
    if (r.error.code === 'PT409') {
      const d = JSON.parse(r.error.details || '{}') as {
        version?: number;
        draft?: unknown;
        updated_at?: string;
        updated_by?: string;
      };
      throw new StaleVersionError(r.error.message, {
        version: Number(d.version ?? 0),
        draft: d.draft ?? siteContentDefaults[key],
        updatedAt: d.updated_at ?? null,
        updatedBy: d.updated_by ?? null,
      });
    }
    failed(r.error);
  }
  const saved = r.data as { version: number; updated_at: string };
  return { version: Number(saved.version), updatedAt: saved.updated_at };
}

export async function publishSite(): Promise<number> {
  const supabase = await getSupabase();
  const r = await supabase.rpc('publish_site');
  if (r.error) failed(r.error);
  return Number(r.data);
}

export async function rollbackSite(publication: number): Promise<number> {
  const supabase = await getSupabase();
  const r = await supabase.rpc('rollback_site', { p_publication: publication });
  if (r.error) failed(r.error);
  return Number(r.data);
}

/** A private preview link's token (valid 24 hours). */
export async function createPreview(): Promise<string> {
  const supabase = await getSupabase();
  const r = await supabase.rpc('create_site_preview');
  if (r.error) failed(r.error);
  return (r.data as { token: string }).token;
}

export async function loadHistory(): Promise<Publication[]> {
  const supabase = await getSupabase();
  const r = await supabase
    .from('site_publications')
    .select('id, published_at, published_by_email, changes, restored_from')
    .order('id', { ascending: false })
    .limit(50);
  if (r.error) failed(r.error);
  return (r.data ?? []).map((p) => ({
    id: Number(p.id),
    publishedAt: p.published_at,
    publishedBy: p.published_by_email,
    changes: (p.changes ?? []) as Publication['changes'],
    restoredFrom: p.restored_from === null ? null : Number(p.restored_from),
  }));
}

const PHOTO_TYPES: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/**
 * Uploads a photo to the site's bucket under `folder` with a random name; returns its object path (what
 * the document keeps). Our server sniffs the bytes and re-encodes the image without its metadata; for a
 * hosted project, which keeps the file as sent, the browser does it first (photo-without-metadata.ts).
 */
export async function uploadPhoto(folder: string, file: File): Promise<string> {
  if (!PHOTO_TYPES[file.type]) throw new Error('Choose a JPEG, PNG or WebP photo.');
  if (file.size > 10 * 1024 * 1024) throw new Error('A photo can be at most 10 MB.');
  // A hosted project keeps the file as sent (photo-without-metadata.ts); our server re-encodes it itself.
  const body: Blob = import.meta.env.VITE_SUPABASE_URL ? await photoWithoutMetadata(file, 2000) : file;
  const ext = PHOTO_TYPES[body.type];
  if (!ext) throw new Error('Choose a JPEG, PNG or WebP photo.');
  const path = `${folder}/${crypto.randomUUID()}.${ext}`;
  const supabase = await getSupabase();
  const r = await supabase.storage
    .from(SITE_PHOTOS_BUCKET)
    .upload(path, body, { contentType: body.type, upsert: false });
  if (r.error) throw new Error(r.error.message);
  return path;
}

/** An uploaded photo's public address (Storage's public object URL, as getPublicUrl makes it). */
export function photoUrl(path: string): string {
  const base = backendSettings().url.replace(/\/+$/, '');
  return `${base}/storage/v1/object/public/${SITE_PHOTOS_BUCKET}/${path.split('/').map(encodeURIComponent).join('/')}`;
}
