import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandDefault, pricingDefault } from '../../content/editable.ts';
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
 * A restore gives the same published site (issue 36): the rendered pages are not in the backup (they are
 * made from the publication, DATA_DIR/site), so the restored server renders them again at start from the
 * restored `published_site()`, and they are the same pages, byte for byte. Needs the build (build/client and
 * build/renderer), so it runs in the `build` project, as site-publish.test.ts does.
 */
const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build');
const ENV = { RATE_LIMIT_INSERTS: '100000', BACKUP_INTERVAL_HOURS: '0' };
const PAGES = ['/price-list', '/about', '/services', '/recipes', '/sitemap.xml', '/price-list.data'];

describe.each(backends)('a restored server renders the same published site ($name)', (backend) => {
  let server: TestServer;
  const work = tempDir('chef-backup-pages-');

  const pages = async (s: TestServer) => {
    const out: Record<string, string> = {};
    for (const p of PAGES) {
      const res = await fetch(`${s.url}${p}`);
      expect(res.status, p).toBe(200);
      out[p] = await res.text();
    }
    return out;
  };

  beforeAll(async () => {
    server = await startTestServer(backend, { env: ENV, staticDir: path.join(buildDir, 'client') });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('after a backup and a restore, the same pages, data files and sitemap', async () => {
    const { data } = await client(server, server.anonKey).auth.signUp({
      email: `owner-${crypto.randomUUID()}@example.com`,
      password: 'site-password-1',
    });
    expect(
      (await client(server, server.serviceKey).from('user_roles').insert({ user_id: data.user!.id, role: 'owner' }))
        .error,
    ).toBeNull();
    const owner = client(server, server.anonKey, { accessToken: data.session!.access_token });
    const pricing = {
      ...pricingDefault,
      packages: pricingDefault.packages.map((p, i) => (i === 0 ? { ...p, price: 'From $177' } : p)),
    };
    for (const [key, draft] of [
      ['brand', { ...brandDefault, phone: '+1 555 0177' }],
      ['pricing', pricing],
    ] as const)
      expect((await owner.rpc('save_site_draft', { p_key: key, p_draft: draft, p_version: 0 })).error).toBeNull();
    expect((await owner.rpc('publish_site')).error).toBeNull();
    await server.site.refresh();
    expect(server.site.status().state).toBe('live');
    const before = await pages(server);
    expect(before['/price-list']).toContain('From $177');
    expect(before['/about']).toContain('+1 555 0177');

    const file = path.join(work, 'site.tar.gz');
    await server.backups.run('manual', file);
    const dataDir = tempDir('chef-restored-pages-');
    fs.rmSync(dataDir, { recursive: true });
    const database = backend.name === 'postgres' ? await createDatabase(backend.adminUrl!) : undefined;
    await restoreBackup(
      file,
      { dataDir, databaseUrl: database ? withDatabase(backend.adminUrl!, database) : undefined },
      { trustUnencrypted: true },
    );
    const restored = await startTestServer(backend, {
      dataDir,
      database,
      env: { ...ENV, JWT_SECRET: '' },
      staticDir: path.join(buildDir, 'client'),
    });
    try {
      await restored.site.refresh();
      expect(restored.site.status().state).toBe('live');
      expect(await pages(restored)).toEqual(before);
    } finally {
      await restored.stop();
      if (database) await dropDatabase(backend.adminUrl!, database);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
