import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { objectFiles } from '../src/storage/files.ts';
import { PHOTO_BUCKET, sweepOrphanPhotos } from '../src/storage/orphans.ts';
import { backends, startTestServer, type TestServer } from './support/backend.ts';

/**
 * A photo uploaded for a recipe whose insert then failed is removed after the grace period, row
 * and file; photos that a recipe points at, and fresh ones, stay.
 */
describe.each(backends)('orphan photo sweep on $name', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function upload(name: string) {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c84' } })
      .png()
      .toBuffer();
    const res = await fetch(`${server.url}/storage/v1/object/${PHOTO_BUCKET}/${name}`, {
      method: 'POST',
      headers: { apikey: server.anonKey, authorization: `Bearer ${server.anonKey}`, 'content-type': 'image/png' },
      body: png,
    });
    expect(res.status).toBe(200);
    return `${server.url}/storage/v1/object/public/${PHOTO_BUCKET}/${name}`;
  }
  const fileOf = (name: string) => path.join(server.dataDir, 'storage', PHOTO_BUCKET, name);
  const rowExists = async (name: string) =>
    server.db.tx(null, async (sql) => {
      const r = await sql('select 1 from storage.objects where bucket_id = $1 and name = $2', [PHOTO_BUCKET, name]);
      return r.rows.length === 1;
    });

  test('removes only old photos that no recipe uses', async () => {
    const keptUrl = await upload('1700000000000_kept.png');
    await upload('1700000000001_orphan.png');
    await server.db.tx(null, (sql) =>
      sql(
        `insert into public.community_recipes (title, ingredients, instructions, image_url, status)
         values ('Kept', 'rice', 'cook', $1, 'pending')`,
        [keptUrl],
      ),
    );
    const files = objectFiles(server.dataDir);

    // Within the grace period nothing goes, not even the orphan.
    expect(await sweepOrphanPhotos(server.db, files, 3600)).toEqual([]);
    expect(fs.existsSync(fileOf('1700000000001_orphan.png'))).toBe(true);

    // Past it (grace 0), the orphan goes, row and file; the used photo stays.
    await server.db.tx(null, (sql) =>
      sql(`update storage.objects set created_at = now() - interval '2 hours' where bucket_id = $1`, [PHOTO_BUCKET]),
    );
    expect(await sweepOrphanPhotos(server.db, files, 3600)).toEqual(['1700000000001_orphan.png']);
    expect(fs.existsSync(fileOf('1700000000001_orphan.png'))).toBe(false);
    expect(await rowExists('1700000000001_orphan.png')).toBe(false);
    expect(fs.existsSync(fileOf('1700000000000_kept.png'))).toBe(true);
    expect(await rowExists('1700000000000_kept.png')).toBe(true);
    const served = await fetch(keptUrl);
    expect(served.status).toBe(200);
  });
});
