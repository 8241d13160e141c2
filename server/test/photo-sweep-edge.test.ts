import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, client, startTestServer, type TestServer } from './support/backend.ts';
import { startEdgeFunction } from './support/edge-function.ts';
import { stopGroup } from '../../test-support/processes.ts';
import { freePort } from '../../test-support/fixtures.ts';

/**
 * Hosted Supabase has nothing that removes a photo uploaded for a recipe whose insert then failed;
 * the Edge Function supabase/functions/photo-sweep does, through the Storage API only. Here it runs
 * under Deno (the `deno` package) against our own server as the stand-in for a hosted project: the
 * same Storage and REST paths, the service key, and storage rows that refuse a DELETE by SQL.
 */
const SECRET = 'photo-sweep-secret-for-the-test-0123456789';
const BUCKET = 'community_recipes';

describe.each(backends)('the photo-sweep Edge Function under Deno, against our server on $name', (backend) => {
  let server: TestServer;
  let fn: ChildProcess;
  let fnUrl: string;
  let denoDir: string;

  beforeAll(async () => {
    server = await startTestServer(backend);
    const port = await freePort();
    fnUrl = `http://127.0.0.1:${port}`;
    denoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chef-deno-dir-'));
    fn = await startEdgeFunction(
      [
        '--allow-net',
        '--allow-env',
        '--cached-only',
        '--config',
        'supabase/functions/photo-sweep/deno.json',
        'supabase/functions/photo-sweep/index.ts',
      ],
      {
        DENO_DIR: denoDir, // empty: the function needs nothing from the network
        SUPABASE_URL: server.url,
        SUPABASE_SERVICE_ROLE_KEY: server.serviceKey,
        PHOTO_SWEEP_SECRET: SECRET,
        PHOTO_SWEEP_PORT: String(port),
      },
    );
  });
  afterAll(async () => {
    if (fn) await stopGroup(fn);
    await server?.stop();
    if (denoDir) fs.rmSync(denoDir, { recursive: true, force: true });
  });

  const invoke = async (secret = SECRET, method = 'POST') => {
    const res = await fetch(fnUrl, { method, headers: { 'x-photo-sweep-secret': secret } });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const publicUrl = (name: string) => `${server.url}/storage/v1/object/public/${BUCKET}/${name}`;
  const served = async (name: string) => (await fetch(publicUrl(name))).status;

  it('answers only a POST with its secret, and then removes nothing', async () => {
    expect((await invoke('wrong')).status).toBe(401);
    expect((await invoke('')).status).toBe(401);
    expect((await invoke(SECRET, 'GET')).status).toBe(405);
  });

  it('removes the photos no recipe uses once they are an hour old, through the Storage API; keeps used and recent ones', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c84' } })
      .png()
      .toBuffer();
    const anon = client(server, server.anonKey);
    const service = client(server, server.serviceKey);
    const names = ['1700000000000_used.png', '1700000000001_unused.png', '1700000000002_recent.png'];
    for (const name of names) {
      // As the site uploads: the visitor's anon key.
      expect((await anon.storage.from(BUCKET).upload(name, png, { contentType: 'image/png' })).error).toBeNull();
    }
    // A photo in a folder (the service role may put one there): folders are walked too.
    expect(
      (await service.storage.from(BUCKET).upload('imports/1700000000003_nested.png', png, { contentType: 'image/png' }))
        .error,
    ).toBeNull();
    await server.db.tx(null, (sql) =>
      sql(
        `insert into public.community_recipes (title, ingredients, instructions, image_url, status)
         values ('Uses its photo', 'rice', 'cook', $1, 'pending')`,
        [publicUrl(names[0]!)],
      ),
    );

    // Nothing is an hour old yet: nothing goes.
    expect(await invoke()).toEqual({ status: 200, body: { photos: 4, removed: 0 } });

    await server.db.tx(null, (sql) =>
      sql(`update storage.objects set created_at = now() - interval '61 minutes' where bucket_id = $1 and name <> $2`, [
        BUCKET,
        names[2],
      ]),
    );
    expect(await invoke()).toEqual({ status: 200, body: { photos: 4, removed: 2 } });
    expect(await served(names[0]!)).toBe(200);
    expect(await served(names[1]!)).toBe(404);
    expect(await served(names[2]!)).toBe(200);
    expect(await served('imports/1700000000003_nested.png')).toBe(404);
    // Row and file: the Storage API removed both.
    const { rows } = await server.db.tx(null, (sql) =>
      sql<{ name: string }>(`select name from storage.objects where bucket_id = $1 order by name`, [BUCKET]),
    );
    expect(rows.map((r) => r.name)).toEqual([names[0], names[2]]);
    expect(fs.existsSync(path.join(server.dataDir, 'storage', BUCKET, names[1]!))).toBe(false);

    // Once more: nothing else to remove.
    expect(await invoke()).toEqual({ status: 200, body: { photos: 2, removed: 0 } });
  });

  it('a key without the service role is refused by the Storage API, and the function says it failed', async () => {
    // The function as deployed with a wrong key: the sweep fails and nothing is removed.
    const { sweepUnusedPhotos } = await import('../../supabase/functions/photo-sweep/sweep.ts');
    await expect(sweepUnusedPhotos({ url: server.url, serviceKey: 'not-a-key', graceSeconds: 0 })).rejects.toThrow(
      /answered 401/,
    );
    const { rows } = await server.db.tx(null, (sql) =>
      sql<{ n: string }>(`select count(*)::text as n from storage.objects where bucket_id = $1`, [BUCKET]),
    );
    expect(rows[0]!.n).toBe('2');
  });
});
