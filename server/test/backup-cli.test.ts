import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { rotateBackups } from '../src/backup/backup.ts';
import { PHOTO_BUCKET } from '../src/storage/orphans.ts';
import {
  client,
  createDatabase,
  dropDatabase,
  startTestServer,
  TEST_JWT_SECRET,
  withDatabase,
} from './support/backend.ts';
import { signalGroup, spawnGroup } from '../../test-support/processes.ts';
import { inDays, tempDir } from '../../test-support/fixtures.ts';

/**
 * The commands as the README gives them, in processes of their own: `npm run backup` while the
 * server runs (it makes the backup through its control socket), a backup killed with kill -9 while
 * it writes (restore --latest finds the last complete file), and `npm run move` to PostgreSQL.
 */

const cli = path.resolve('server/src/cli/backup.ts');
const adminUrl = process.env.TEST_DATABASE_URL;
const tmp = tempDir;

function run(args: string[], env: Record<string, string>, opts: { killWhen?: () => boolean } = {}) {
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string }>((resolve, reject) => {
    // node with tsx's loader, not the tsx command: one process, so kill -9 reaches the backup itself.
    // Its own temp folder: a backup killed with kill -9 cannot remove its work folder itself.
    const child = spawnGroup(process.execPath, ['--import', 'tsx', cli, ...args], {
      env: {
        ...process.env,
        DATABASE_URL: '',
        BACKUP_PASSPHRASE: '',
        JWT_SECRET: TEST_JWT_SECRET,
        ...env,
        TMPDIR: tmp('chef-cli-tmp-'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    const poll = opts.killWhen
      ? setInterval(() => {
          if (opts.killWhen!()) signalGroup(child, 'SIGKILL');
        }, 5)
      : undefined;
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearInterval(poll);
      resolve({ code, signal, out });
    });
  });
}

/** A PNG of random pixels: it does not compress, so writing many of them takes a while. */
const noisyPng = (side: number) =>
  sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();

const lastLine = (out: string) => out.trim().split('\n').pop()!;

describe('npm run backup, restore and move', () => {
  it('backs up through the running server, survives kill -9 of a backup, restores the newest complete one', async () => {
    const dataDir = tmp('chef-cli-data-');
    const backupDir = path.join(tmp('chef-cli-backups-'), 'backups');
    const server = await startTestServer({ name: 'pglite' }, { dataDir, env: { BACKUP_INTERVAL_HOURS: '0' } });
    let first: string;
    try {
      expect(
        (
          await client(server, server.anonKey)
            .from('bookings')
            .insert({
              name: 'Kept Through',
              email: 'kept@visitor.test',
              phone: '+1 555 0100',
              booking_date: inDays(9),
              booking_time: '12:00',
              guests: 2,
              service_type: 'Menu Consultation',
              location: 'Kingston',
            })
        ).error,
      ).toBeNull();
      // Photos enough that the killed backup below is still writing when the kill comes.
      const storage = client(server, server.serviceKey).storage.from(PHOTO_BUCKET);
      for (let i = 0; i < 40; i++)
        expect(
          (await storage.upload(`17000000000${i}_noise.png`, await noisyPng(300), { contentType: 'image/png' })).error,
        ).toBeNull();
      const made = await run(['backup'], { DATA_DIR: dataDir, BACKUP_DIR: backupDir });
      expect(made.code, made.out).toBe(0);
      expect(made.out).toContain('Backup made by the running server');
      first = lastLine(made.out);
      expect(path.dirname(first)).toBe(backupDir);
      expect(path.basename(first)).toMatch(/^chef-backup-\d{4}-\d{2}-\d{2}T[\d-]+Z\.tar\.gz$/);
      expect(fs.statSync(first).mode & 0o777).toBe(0o600);
    } finally {
      await server.stop();
    }

    // No server now: the command opens the folder itself; killed while it writes its file.
    let partialSeen = false;
    const killed = await run(
      ['backup'],
      { DATA_DIR: dataDir, BACKUP_DIR: backupDir },
      {
        killWhen: () => (partialSeen ||= fs.readdirSync(backupDir).some((n) => n.endsWith('.partial'))),
      },
    );
    expect(killed.signal).toBe('SIGKILL');
    expect(partialSeen).toBe(true);
    const left = fs.readdirSync(backupDir);
    expect(left.filter((n) => !n.endsWith('.partial'))).toEqual([path.basename(first)]);

    const target = path.join(tmp('chef-cli-restore-'), 'data');
    const restored = await run(['restore', '--latest', '--trust-unencrypted-backup'], {
      DATA_DIR: target,
      BACKUP_DIR: backupDir,
      JWT_SECRET: '',
    });
    expect(restored.code, restored.out).toBe(0);
    expect(restored.out).toContain(`The newest complete backup in ${backupDir}: ${path.basename(first)}`);
    const again = await startTestServer(
      { name: 'pglite' },
      { dataDir: target, env: { JWT_SECRET: '', BACKUP_INTERVAL_HOURS: '0' } },
    );
    try {
      const rows = await client(again, again.serviceKey).from('bookings').select('name');
      expect(rows.data).toEqual([{ name: 'Kept Through' }]);
    } finally {
      await again.stop();
    }
    // A second restore into the now-filled folder is refused, naming it.
    const twice = await run(['restore', first], { DATA_DIR: target, JWT_SECRET: '' });
    expect(twice.code).toBe(1);
    expect(twice.out).toMatch(/^DATA_DIR .* is not empty/);
    // The killed backup's temp file goes at the next rotation (its process is gone).
    await rotateBackups(backupDir, 7);
    expect(fs.readdirSync(backupDir)).toEqual([path.basename(first)]);
  }, 300_000);

  it.skipIf(!adminUrl)(
    'moves a PGlite product to PostgreSQL, rows checked, photos and keys kept',
    async () => {
      const dataDir = tmp('chef-move-data-');
      const server = await startTestServer({ name: 'pglite' }, { dataDir, env: { BACKUP_INTERVAL_HOURS: '0' } });
      const photo = await noisyPng(20);
      let anonKey: string;
      try {
        anonKey = server.anonKey;
        const anon = client(server, server.anonKey);
        expect(
          (await anon.auth.signUp({ email: 'mover@example.com', password: 'moving-password-1' })).error,
        ).toBeNull();
        expect(
          (
            await anon.from('bookings').insert({
              name: 'Moved Along',
              email: 'moved@visitor.test',
              phone: '+1 555 0100',
              booking_date: inDays(9),
              booking_time: '12:00',
              guests: 2,
              service_type: 'Menu Consultation',
              location: 'Kingston',
            })
          ).error,
        ).toBeNull();
        const up = await client(server, server.serviceKey)
          .storage.from(PHOTO_BUCKET)
          .upload('1700000000000_moved.png', photo, { contentType: 'image/png' });
        expect(up.error).toBeNull();
      } finally {
        await server.stop();
      }
      const database = await createDatabase(adminUrl!);
      const url = withDatabase(adminUrl!, database);
      try {
        const moved = await run(['move', '--to', url], { DATA_DIR: dataDir });
        expect(moved.code, moved.out).toBe(0);
        expect(moved.out).toContain("every table's count and checksum match");
        expect(moved.out).toContain('Now start the server on PostgreSQL: DATABASE_URL=');
        // The same folder, now with DATABASE_URL: same keys, rows, accounts and photos.
        const pgServer = await startTestServer(
          { name: 'postgres', adminUrl },
          { dataDir, database, env: { BACKUP_INTERVAL_HOURS: '0' } },
        );
        try {
          expect(pgServer.anonKey).toBe(anonKey!);
          expect((await client(pgServer, pgServer.serviceKey).from('bookings').select('name')).data).toEqual([
            { name: 'Moved Along' },
          ]);
          expect(
            (
              await client(pgServer, pgServer.anonKey).auth.signInWithPassword({
                email: 'mover@example.com',
                password: 'moving-password-1',
              })
            ).error,
          ).toBeNull();
          const got = Buffer.from(
            await (
              await fetch(`${pgServer.url}/storage/v1/object/public/${PHOTO_BUCKET}/1700000000000_moved.png`)
            ).arrayBuffer(),
          );
          expect(got.equals(photo)).toBe(true);
        } finally {
          await pgServer.stop();
        }
        // A second move into the now-filled database is refused.
        const again = await run(['move', '--to', url], { DATA_DIR: dataDir });
        expect(again.code).toBe(1);
        expect(again.out).toMatch(/The database at DATABASE_URL is not empty/);
      } finally {
        await dropDatabase(adminUrl!, database);
      }
    },
    300_000,
  );

  it.skipIf(!adminUrl)(
    'moves to hosted Supabase (our server standing in, on a database built from bootstrap.sql): accounts, rows, photos',
    async () => {
      const dataDir = tmp('chef-hosted-src-');
      const server = await startTestServer({ name: 'pglite' }, { dataDir, env: { BACKUP_INTERVAL_HOURS: '0' } });
      const photo = await noisyPng(24);
      const photoName = `${Date.now()}_hosted.png`;
      let token: string;
      try {
        const anon = client(server, server.anonKey);
        const service = client(server, server.serviceKey);
        expect(
          (await anon.auth.signUp({ email: 'hosted@example.com', password: 'hosted-password-1' })).error,
        ).toBeNull();
        expect(
          (
            await anon.from('bookings').insert({
              name: 'Hosted Guest',
              email: 'hosted.guest@visitor.test',
              phone: '+1 555 0100',
              booking_date: inDays(9),
              booking_time: '12:00',
              guests: 2,
              service_type: 'Menu Consultation',
              location: 'Kingston',
            })
          ).error,
        ).toBeNull();
        const { data: mail } = await service.from('outbox').select('payload').eq('event', 'booking_received');
        token = (mail as { payload: { confirm_token: string } }[])[0]!.payload.confirm_token;
        expect(
          (await service.storage.from(PHOTO_BUCKET).upload(photoName, photo, { contentType: 'image/png' })).error,
        ).toBeNull();
        const imageUrl = `${server.url}/storage/v1/object/public/${PHOTO_BUCKET}/${photoName}`;
        expect(
          (
            await service.from('community_recipes').insert({
              title: 'Hosted Stew',
              ingredients: 'beans',
              instructions: 'simmer',
              image_url: imageUrl,
              status: 'approved',
            })
          ).error,
        ).toBeNull();
      } finally {
        await server.stop();
      }
      // The "project": our server on a new PostgreSQL database (bootstrap.sql and the migrations, as
      // `supabase db push` leaves a project), with its own JWT secret and storage folder.
      const hostedDir = tmp('chef-hosted-project-');
      const hosted = await startTestServer(
        { name: 'postgres', adminUrl },
        {
          dataDir: hostedDir,
          env: { BACKUP_INTERVAL_HOURS: '0', JWT_SECRET: 'hosted-project-secret-hosted-project-secret-0001' },
        },
      );
      try {
        const moved = await run(['move', '--to-supabase', hosted.url, '--db', hosted.config.databaseUrl!], {
          DATA_DIR: dataDir,
          SUPABASE_SERVICE_ROLE_KEY: hosted.serviceKey,
        });
        expect(moved.code, moved.out).toBe(0);
        expect(moved.out).toContain('1 photos through the Storage API, 1 image URL(s) pointed at the project.');
        const anon = client(hosted, hosted.anonKey);
        expect(
          (await anon.auth.signInWithPassword({ email: 'hosted@example.com', password: 'hosted-password-1' })).error,
        ).toBeNull();
        const service = client(hosted, hosted.serviceKey);
        expect((await service.from('bookings').select('name')).data).toEqual([{ name: 'Hosted Guest' }]);
        const { data: recipes } = await anon
          .from('community_recipes')
          .select('title, image_url')
          .eq('title', 'Hosted Stew');
        const url = (recipes as { image_url: string }[])[0]!.image_url;
        expect(url).toBe(`${hosted.url}/storage/v1/object/public/${PHOTO_BUCKET}/${photoName}`);
        expect(Buffer.from(await (await fetch(url)).arrayBuffer()).equals(photo)).toBe(true);
        // The confirm link the chef was sent still works on the project.
        expect((await anon.rpc('redeem_mail_action', { token: token! })).error).toBeNull();
        expect((await service.from('bookings').select('status')).data).toEqual([{ status: 'confirmed' }]);
        // A second move into the project (it has accounts now) is refused.
        const again = await run(['move', '--to-supabase', hosted.url, '--db', hosted.config.databaseUrl!], {
          DATA_DIR: dataDir,
          SUPABASE_SERVICE_ROLE_KEY: hosted.serviceKey,
        });
        expect(again.code).toBe(1);
        expect(again.out).toContain('The project already has 1 account(s)');
      } finally {
        await hosted.stop();
      }
    },
    300_000,
  );
});
