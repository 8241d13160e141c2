import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectConsoleError } from '../../vitest.setup.ts';
import { entryPath, readArchive, writeArchive, type Manifest } from '../src/backup/archive.ts';
import { restoreBackup, RestoreRefused } from '../src/backup/restore.ts';
import { PHOTO_BUCKET } from '../src/storage/orphans.ts';
import {
  backends,
  client,
  createDatabase,
  dropDatabase,
  startTestServer,
  TEST_JWT_SECRET,
  withDatabase,
  type Backend,
  type TestServer,
} from './support/backend.ts';
import { bookingRow, inDays, tempDir } from '../../test-support/fixtures.ts';

/**
 * A backup taken while visitors book and upload, restored into an empty folder or database: every
 * row and photo acknowledged before the backup began is there byte for byte, nothing is half there,
 * old passwords, the anon key and a confirm link sent before still work. Damaged, truncated,
 * wrongly decrypted and newer backups, and non-empty targets, are refused before anything is written.
 */

const booking = (name: string) =>
  bookingRow(name, { booking_date: inDays(20), service_type: 'Menu Consultation', location: 'Kingston' });
const md5 = (b: Buffer) => `"${createHash('md5').update(b).digest('hex')}"`;
/** Folders (restore targets among them) that hold the test data's keys: removed when the file ends, pass or fail. */
const tmp = tempDir;
const ENV = { RATE_LIMIT_INSERTS: '100000', BACKUP_INTERVAL_HOURS: '0' };

interface Restored {
  server: TestServer;
  cleanup(): Promise<void>;
}

/** Restores `file` into a new empty target of the backend's kind and starts a server on it. */
async function restoreInto(backend: Backend, file: string, passphrase?: string) {
  const dataDir = tmp('chef-restored-');
  fs.rmSync(dataDir, { recursive: true });
  const database = backend.name === 'postgres' ? await createDatabase(backend.adminUrl!) : undefined;
  const result = await restoreBackup(
    file,
    { dataDir, databaseUrl: database ? withDatabase(backend.adminUrl!, database) : undefined },
    // An unencrypted backup is one this test just made (issue 38, F6: the restore asks for the flag).
    { passphrase, trustUnencrypted: !passphrase },
  );
  const server = await startTestServer(backend, { dataDir, database, env: { ...ENV, JWT_SECRET: '' } });
  return {
    result,
    restored: {
      server,
      async cleanup() {
        await server.stop();
        if (database) await dropDatabase(backend.adminUrl!, database);
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    } satisfies Restored,
  };
}

describe.each(backends)('backup and restore on $name', (backend) => {
  let server: TestServer;
  const work = tmp('chef-backup-test-');
  let backupFile: string;
  const PASSPHRASE = 'correct horse battery staple';

  beforeAll(async () => {
    server = await startTestServer(backend, { env: ENV });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('a backup during a stream of bookings and uploads restores everything acknowledged before it, nothing half', async () => {
    const anon = client(server, server.anonKey);
    const service = client(server, server.serviceKey);
    // Before: a member with a password, and a booking whose confirm link went to the chef.
    const email = `member-${crypto.randomUUID()}@example.com`;
    expect((await anon.auth.signUp({ email, password: 'old-password-1' })).error).toBeNull();
    expect((await anon.from('bookings').insert(booking('Before Backup'))).error).toBeNull();
    const { data: mail } = await service.from('outbox').select('payload').eq('event', 'booking_received');
    const token = (mail as { payload: { name: string; confirm_token: string } }[]).find(
      (r) => r.payload.name === 'Before Backup',
    )!.payload.confirm_token;

    // The stream: bookings and photo uploads, each noted with when it was acknowledged.
    const acked = new Map<string, number>();
    const photos = new Map<string, { bytes: Buffer; acked: number }>();
    let streaming = true;
    let n = 0;
    const bookings = (async () => {
      const c = client(server, server.anonKey);
      while (streaming) {
        const name = `Stream ${++n}`;
        const { error } = await c.from('bookings').insert(booking(name));
        expect(error).toBeNull();
        acked.set(name, Date.now());
      }
    })();
    let p = 0;
    const uploads = (async () => {
      while (streaming) {
        const name = `${Date.now()}_stream-${++p}.png`;
        const bytes = await sharp({
          create: { width: 6 + (p % 5), height: 6, channels: 3, background: { r: p % 256, g: 90, b: 40 } },
        })
          .png()
          .toBuffer();
        const res = await fetch(`${server.url}/storage/v1/object/${PHOTO_BUCKET}/${name}`, {
          method: 'POST',
          headers: { apikey: server.anonKey, authorization: `Bearer ${server.anonKey}`, 'content-type': 'image/png' },
          body: bytes,
        });
        expect(res.status).toBe(200);
        photos.set(name, { bytes, acked: Date.now() });
      }
    })();
    await new Promise((r) => setTimeout(r, 1500));
    const startedAt = Date.now();
    backupFile = path.join(work, 'stream.tar.gz.enc');
    const made = await server.backups.run('manual', backupFile, PASSPHRASE);
    streaming = false;
    await Promise.all([bookings, uploads]);
    expect(made.file).toBe(backupFile);
    expect(fs.statSync(backupFile).mode & 0o777).toBe(0o600);
    expect(made.manifest.migrationLevel).toMatch(/^\d{14}$/);
    const acknowledgedBefore = [...acked].filter(([, at]) => at < startedAt).map(([name]) => name);
    const photosBefore = [...photos].filter(([, v]) => v.acked < startedAt).map(([name]) => name);
    expect(acknowledgedBefore.length).toBeGreaterThan(0);
    expect(photosBefore.length).toBeGreaterThan(0);

    // The console's overview reads the run: owner and service role only.
    const status = await service.rpc('backup_status');
    expect(status.error).toBeNull();
    expect(status.data).toMatchObject({ last_good_file: backupFile, last_good_bytes: made.bytes, last_error: null });
    expect((await anon.rpc('backup_status')).error?.code).toBe('42501');
    const { data: m } = await anon.auth.signInWithPassword({ email, password: 'old-password-1' });
    expect(
      (await client(server, server.anonKey, { accessToken: m.session!.access_token }).rpc('backup_status')).error?.code,
    ).toBe('42501');
    // A member who wrote "owner" into their own metadata is still a member; the owner reads it.
    const spoofer = await anon.auth.signUp({
      email: `spoofer-${crypto.randomUUID()}@example.com`,
      password: 'spoof-password-1',
      options: { data: { role: 'owner' } },
    });
    expect(
      (await client(server, server.anonKey, { accessToken: spoofer.data.session!.access_token }).rpc('backup_status'))
        .error?.code,
    ).toBe('42501');
    const chef = await anon.auth.signUp({
      email: `chef-${crypto.randomUUID()}@example.com`,
      password: 'chef-password-1',
    });
    expect((await service.from('user_roles').insert({ user_id: chef.data.user!.id, role: 'owner' })).error).toBeNull();
    const asOwner = await client(server, server.anonKey, { accessToken: chef.data.session!.access_token }).rpc(
      'backup_status',
    );
    expect(asOwner.error).toBeNull();
    expect(asOwner.data).toEqual(status.data);
    // The runs table itself is in a schema the API does not serve.
    expect((await service.schema('private').from('backup_runs').select('id')).error).not.toBeNull();

    const { result, restored } = await restoreInto(backend, backupFile, PASSPHRASE);
    try {
      const r = restored.server;
      expect(r.anonKey).toBe(server.anonKey);
      expect(r.serviceKey).toBe(server.serviceKey);
      const rService = client(r, r.serviceKey);
      const names = new Set(
        ((await rService.from('bookings').select('name')).data as { name: string }[]).map((b) => b.name),
      );
      for (const name of acknowledgedBefore) expect(names.has(name), name).toBe(true);
      for (const name of names)
        expect(name === 'Before Backup' || acked.has(name) || name.startsWith('Stream '), name).toBe(true);
      expect(names.size).toBe(result.manifest.tables['public.bookings']);

      // Photos: every one acknowledged before is there byte for byte; every row has its file and
      // every file its row, with the bytes its MD5 says.
      const objects = (
        await r.db.tx(null, (sql) =>
          sql<{ name: string; etag: string }>(
            `select name, metadata->>'eTag' as etag from storage.objects where bucket_id = $1`,
            [PHOTO_BUCKET],
          ),
        )
      ).rows;
      const byName = new Map(objects.map((o) => [o.name, o.etag]));
      for (const name of photosBefore) {
        expect(byName.has(name), name).toBe(true);
        const got = Buffer.from(
          await (await fetch(`${r.url}/storage/v1/object/public/${PHOTO_BUCKET}/${name}`)).arrayBuffer(),
        );
        expect(got.equals(photos.get(name)!.bytes), name).toBe(true);
      }
      const dir = path.join(r.dataDir, 'storage', PHOTO_BUCKET);
      const files = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
      expect(files.sort()).toEqual([...byName.keys()].sort());
      for (const [name, etag] of byName) expect(md5(fs.readFileSync(path.join(dir, name)))).toBe(etag);
      expect(result.photos).toBe(objects.length);

      // Old password, and the confirm link the chef was sent before the backup.
      const rAnon = client(r, r.anonKey);
      expect((await rAnon.auth.signInWithPassword({ email, password: 'old-password-1' })).error).toBeNull();
      const redeemed = await rAnon.rpc('redeem_mail_action', { token });
      expect(redeemed.error).toBeNull();
      const { data: st } = await rService.from('bookings').select('status').eq('name', 'Before Backup');
      expect(st).toEqual([{ status: 'confirmed' }]);
    } finally {
      await restored.cleanup();
    }
  }, 300_000);

  it('refuses a non-empty target, a damaged or truncated file, a wrong passphrase and a newer backup', async () => {
    expect(backupFile).toBeDefined();
    const refused = async (file: string, target: { dataDir: string; databaseUrl?: string }, passphrase?: string) => {
      const err = await restoreBackup(file, target, { passphrase }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(RestoreRefused);
      return (err as Error).message;
    };
    const empty = () => path.join(tmp('chef-restore-target-'), 'data');

    // A folder that holds anything.
    const busy = tmp('chef-restore-busy-');
    fs.writeFileSync(path.join(busy, 'notes.txt'), 'mine');
    expect(await refused(backupFile, { dataDir: busy }, PASSPHRASE)).toMatch(
      /^DATA_DIR .* is not empty \(it holds notes\.txt\)/,
    );
    expect(fs.readdirSync(busy)).toEqual(['notes.txt']);
    if (backend.name === 'postgres') {
      // The database the first server runs on has tables.
      expect(
        await refused(backupFile, { dataDir: empty(), databaseUrl: server.config.databaseUrl }, PASSPHRASE),
      ).toMatch(/^The database at DATABASE_URL is not empty \(it has tables: /);
    }

    // Passphrase: none, wrong.
    expect(await refused(backupFile, { dataDir: empty() })).toMatch(/is encrypted: give its passphrase/);
    expect(await refused(backupFile, { dataDir: empty() }, 'not the passphrase')).toMatch(
      /^Wrong passphrase, or .* is damaged/,
    );

    // One byte changed in the middle; the file cut short.
    const bytes = fs.readFileSync(backupFile);
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(bytes.length / 2)]! ^= 0x01;
    fs.writeFileSync(path.join(work, 'flipped.enc'), flipped);
    expect(await refused(path.join(work, 'flipped.enc'), { dataDir: empty() }, PASSPHRASE)).toMatch(
      /^Wrong passphrase, or .* is damaged/,
    );
    fs.writeFileSync(path.join(work, 'short.enc'), bytes.subarray(0, Math.floor(bytes.length * 0.7)));
    expect(await refused(path.join(work, 'short.enc'), { dataDir: empty() }, PASSPHRASE)).toMatch(/damaged/);

    // Unencrypted: the same backup re-packed, then a byte of a photo changed, then cut short, then a newer level.
    const unpacked = tmp('chef-unpacked-');
    const manifest = await readArchive(backupFile, unpacked, { passphrase: PASSPHRASE });
    const repack = async (file: string, edit: (m: Manifest) => Manifest = (m) => m) => {
      async function* entries() {
        for (const name of Object.keys(manifest.entries))
          yield { name, bytes: fs.readFileSync(entryPath(unpacked, name)) };
      }
      await writeArchive(file, entries(), (written) => edit({ ...manifest, entries: written }));
    };
    const plain = path.join(work, 'plain.tar.gz');
    await repack(plain);
    const photo = Object.keys(manifest.entries).find((e) => e.startsWith('storage/'))!;
    const edited = tmp('chef-edited-');
    fs.cpSync(unpacked, edited, { recursive: true });
    // A photo's bytes changed but the gzip layer intact: the manifest's SHA-256 refuses it.
    const p = entryPath(unpacked, photo);
    const original = fs.readFileSync(p);
    const changed = Buffer.from(original);
    changed[changed.length - 1]! ^= 0xff;
    fs.writeFileSync(p, changed);
    async function* tampered() {
      for (const name of Object.keys(manifest.entries))
        yield { name, bytes: fs.readFileSync(entryPath(unpacked, name)) };
    }
    const badSum = path.join(work, 'bad-sum.tar.gz');
    await writeArchive(badSum, tampered(), () => manifest);
    fs.writeFileSync(p, original);
    expect(await refused(badSum, { dataDir: empty() })).toBe(
      `${badSum} is damaged: ${photo} does not match its checksum.`,
    );
    const plainBytes = fs.readFileSync(plain);
    const plainFlipped = Buffer.from(plainBytes);
    plainFlipped[Math.floor(plainBytes.length / 3)]! ^= 0x10;
    fs.writeFileSync(path.join(work, 'plain-flipped.tar.gz'), plainFlipped);
    expect(await refused(path.join(work, 'plain-flipped.tar.gz'), { dataDir: empty() })).toMatch(/damaged/);
    fs.writeFileSync(path.join(work, 'plain-short.tar.gz'), plainBytes.subarray(0, plainBytes.length - 100));
    expect(await refused(path.join(work, 'plain-short.tar.gz'), { dataDir: empty() })).toMatch(
      /damaged or cut short|cut short/,
    );
    const newer = path.join(work, 'newer.tar.gz');
    await repack(newer, (m) => ({
      ...m,
      migrations: [...m.migrations, '29991231235959'],
      migrationLevel: '29991231235959',
    }));
    expect(await refused(newer, { dataDir: empty() })).toBe(
      'This backup comes from newer code: its database has migration 29991231235959, which this code does not have. Update the code (git pull), then restore.',
    );
    fs.rmSync(unpacked, { recursive: true, force: true });
    fs.rmSync(edited, { recursive: true, force: true });
  }, 120_000);
});

describe('an older backup is restored, then migrated', () => {
  it('restores the rows at their level and applies the newer migrations', async () => {
    const { openDb } = await import('../src/db/index.ts');
    const { migrate, listMigrations } = await import('../src/db/migrate.ts');
    const { createBackup } = await import('../src/backup/backup.ts');
    const { createKeys } = await import('../src/data-dir/keys.ts');
    const all = listMigrations().map((m) => m.version);
    const level = all[all.length - 3]!;
    const dataDir = tmp('chef-old-');
    const db = await openDb({ dataDir });
    const keys = await createKeys(TEST_JWT_SECRET);
    let file: string;
    try {
      await migrate(db, { upTo: level });
      await db.tx(null, (sql) =>
        sql(
          `insert into public.bookings (name, email, phone, booking_date, booking_time, guests, service_type, location)
             values ('Old Level', 'old@visitor.test', '+1 555 0100', $1, '19:00', 2, 'Menu Consultation', 'Kingston')`,
          [inDays(30)],
        ),
      );
      file = (
        await createBackup(
          { db, dataDir, keys: { jwtSecret: TEST_JWT_SECRET, anonKey: keys.anonKey, serviceKey: keys.serviceKey } },
          path.join(dataDir, '..', `old-${Date.now()}.tar.gz`),
        )
      ).file;
    } finally {
      await db.close();
    }
    const { result, restored } = await restoreInto({ name: 'pglite' }, file);
    try {
      expect(result.manifest.migrationLevel).toBe(level);
      expect(result.migrated).toEqual(all.slice(all.indexOf(level) + 1));
      const rows = await client(restored.server, restored.server.serviceKey).from('bookings').select('name');
      expect(rows.data).toEqual([{ name: 'Old Level' }]);
    } finally {
      await restored.cleanup();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(file, { force: true });
    }
  }, 300_000);
});

describe('scheduled backups', () => {
  it('rotate to BACKUP_KEEP files, and a failure is recorded for the console, not silent', async () => {
    const dir = tmp('chef-scheduled-');
    const backupDir = path.join(dir, 'backups');
    const server = await startTestServer({ name: 'pglite' }, { env: { BACKUP_DIR: backupDir, BACKUP_KEEP: '2' } });
    try {
      const made: string[] = [];
      for (let i = 0; i < 3; i++) made.push((await server.backups.run('scheduled')).file);
      expect(fs.readdirSync(backupDir).sort()).toEqual(
        made
          .slice(1)
          .map((f) => path.basename(f))
          .sort(),
      );
      for (const f of made.slice(1))
        expect(path.basename(f)).toMatch(/^chef-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.tar\.gz$/);
      const service = client(server, server.serviceKey);
      expect((await service.rpc('backup_status')).data).toMatchObject({
        last_good_file: made[2],
        last_failure_at: null,
      });

      // BACKUP_DIR made unwritable (a file where the folder should be): the run fails, is logged and recorded.
      fs.rmSync(backupDir, { recursive: true });
      fs.writeFileSync(backupDir, 'not a folder');
      expectConsoleError(/^backup FAILED \(scheduled, /);
      await expect(server.backups.run('scheduled')).rejects.toThrow();
      const status = (await service.rpc('backup_status')).data as {
        last_good_file: string;
        last_failure_at: string | null;
        last_error: string | null;
      };
      expect(status.last_good_file).toBe(made[2]);
      expect(status.last_failure_at).not.toBeNull();
      expect(status.last_error).toMatch(/EEXIST|ENOTDIR/);
    } finally {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});
