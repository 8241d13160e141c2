import fs from 'node:fs';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandDefault, galleryDefault, pricingDefault } from '../../content/editable.ts';
import { SITE_PHOTOS_BUCKET } from '../../content/site-photos.ts';
import { photoSources } from '../../web/app/lib/photo-sources.ts';
import { restoreBackup } from '../src/backup/restore.ts';
import {
  backends,
  client,
  createDatabase,
  dropDatabase,
  startTestServer,
  withDatabase,
  type TestServer,
} from './support/backend.ts';
import { tempDir } from '../../test-support/fixtures.ts';

/**
 * The chef's site is in the backup (issue 36): the documents with their drafts and versions, every
 * publication (the history a rollback goes back to), the add-on amounts and quote settings a publication
 * set, and the uploaded photos, byte for byte. Restored into an empty folder or database, the server
 * reads the same published site (what it renders its pages from, server/src/site/) and serves the
 * photos in their sizes again: the variants are derived from the photos and made again, not backed up.
 */
const ENV = { RATE_LIMIT_INSERTS: '100000', BACKUP_INTERVAL_HOURS: '0' };
const PASSPHRASE = 'site backup passphrase';

/** Everything of the site the database holds, in a stable order (timestamps as text). */
async function siteState(server: TestServer) {
  return server.db.tx(null, async (sql) => ({
    documents: (
      await sql(
        `select key, draft, version, published, updated_at::text, updated_by from public.site_documents order by key`,
      )
    ).rows,
    publications: (
      await sql(
        `select id, published_at::text, published_by, changes, content from public.site_publications order by id`,
      )
    ).rows,
    addOns: (await sql(`select * from public.quote_add_ons order by position`)).rows,
    quoteSettings: (await sql(`select to_jsonb(s) - 'updated_at' as s from public.quote_settings s`)).rows,
    photos: (
      await sql(`select name, metadata ->> 'eTag' as etag from storage.objects where bucket_id = $1 order by name`, [
        SITE_PHOTOS_BUCKET,
      ])
    ).rows,
  }));
}

describe.each(backends)('the site in a backup ($name)', (backend) => {
  let server: TestServer;
  let owner: SupabaseClient;
  let ownerToken = '';
  const work = tempDir('chef-backup-site-');
  const photoName = 'gallery/3f1c2b9a-8d7e-4f60-a5b4-c3d2e1f0a9b8.jpg';

  const save = async (key: string, draft: unknown) => {
    const { data } = await owner.from('site_documents').select('version').eq('key', key);
    const version = (data as { version: number }[] | null)?.[0]?.version ?? 0;
    expect((await owner.rpc('save_site_draft', { p_key: key, p_draft: draft, p_version: version })).error).toBeNull();
  };

  beforeAll(async () => {
    server = await startTestServer(backend, { env: ENV });
    const { data } = await client(server, server.anonKey).auth.signUp({
      email: `owner-${crypto.randomUUID()}@example.com`,
      password: 'site-password-1',
    });
    expect(
      (await client(server, server.serviceKey).from('user_roles').insert({ user_id: data.user!.id, role: 'owner' }))
        .error,
    ).toBeNull();
    ownerToken = data.session!.access_token;
    owner = client(server, server.anonKey, { accessToken: ownerToken });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('restores the documents, every publication, the quote amounts and the photos; the same site is published', async () => {
    // A photo in the gallery, a new phone and add-on amount, published twice; then a draft not yet published.
    const jpeg = await sharp({ create: { width: 1000, height: 750, channels: 3, background: '#a53' } })
      .jpeg()
      .toBuffer();
    expect(
      (await owner.storage.from(SITE_PHOTOS_BUCKET).upload(photoName, jpeg, { contentType: 'image/jpeg' })).error,
    ).toBeNull();
    await save('gallery', [
      { id: 'uploaded-1', photo: photoName, alt: 'Seared scallops on a slate' },
      ...galleryDefault,
    ]);
    await save('brand', { ...brandDefault, phone: '+1 555 0142' });
    expect((await owner.rpc('publish_site')).error).toBeNull();
    const wine = pricingDefault.addOns.findIndex((a) => a.amount);
    const pricing = structuredClone(pricingDefault);
    pricing.addOns[wine]!.amount!.cents = 4200;
    await save('pricing', pricing);
    expect((await owner.rpc('publish_site')).error).toBeNull();
    await save('brand', { ...brandDefault, phone: '+1 555 0199' }); // a draft: private, and kept
    const before = await siteState(server);
    expect(before.publications).toHaveLength(2);
    expect(before.addOns.map((a) => (a as { cents: number }).cents)).toContain(4200);
    expect(before.photos).toHaveLength(1);
    const published = (await client(server, server.anonKey).rpc('published_site')).data as Record<string, unknown>;
    expect(published).toMatchObject({ brand: { phone: '+1 555 0142' } });

    const file = path.join(work, 'site.tar.gz.enc');
    const made = await server.backups.run('manual', file, PASSPHRASE);
    for (const table of ['public.site_documents', 'public.site_publications', 'public.quote_add_ons'])
      expect(made.manifest.tables[table], table).toBeGreaterThan(0);

    const dataDir = tempDir('chef-restored-site-');
    fs.rmSync(dataDir, { recursive: true });
    const database = backend.name === 'postgres' ? await createDatabase(backend.adminUrl!) : undefined;
    await restoreBackup(
      file,
      { dataDir, databaseUrl: database ? withDatabase(backend.adminUrl!, database) : undefined },
      { passphrase: PASSPHRASE },
    );
    const restored = await startTestServer(backend, { dataDir, database, env: { ...ENV, JWT_SECRET: '' } });
    try {
      expect(await siteState(restored)).toEqual(before);
      expect((await client(restored, restored.anonKey).rpc('published_site')).data).toEqual(published);
      // The photo, byte for byte as stored before, and its sizes, made again from it.
      const original = await fetch(`${server.url}/storage/v1/object/public/${SITE_PHOTOS_BUCKET}/${photoName}`);
      const back = await fetch(`${restored.url}/storage/v1/object/public/${SITE_PHOTOS_BUCKET}/${photoName}`);
      expect(Buffer.from(await back.arrayBuffer()).equals(Buffer.from(await original.arrayBuffer()))).toBe(true);
      expect(fs.existsSync(path.join(restored.dataDir, 'photo-variants'))).toBe(false);
      const { srcSet } = photoSources(photoName, { supabaseUrl: restored.url });
      for (const candidate of srcSet!.split(', ')) {
        const [url, w] = candidate.split(' ');
        const res = await fetch(url!, { headers: { accept: 'image/avif,image/webp' } });
        expect(res.headers.get('content-type')).toBe('image/avif');
        const want = Math.min(parseInt(w!, 10), 1000);
        expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width, url).toBe(want);
      }
      // The unpublished draft came back as a draft: the owner (the same session, the keys are restored) reads
      // it; visitors see the published phone only.
      const ownerAgain = client(restored, restored.anonKey, { accessToken: ownerToken });
      const draft = await ownerAgain.from('site_documents').select('draft').eq('key', 'brand').single();
      expect(draft.error).toBeNull();
      expect((draft.data as { draft: { phone: string } }).draft.phone).toBe('+1 555 0199');
      // Visitors are still refused the table (no grant to anon: supabase/migrations/*_site_content.sql).
      expect((await client(restored, restored.anonKey).from('site_documents').select('key')).error?.code).toBe('42501');
    } finally {
      await restored.stop();
      if (database) await dropDatabase(backend.adminUrl!, database);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
