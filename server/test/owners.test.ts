import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { backends, client, createDatabase, dropDatabase, startTestServer, withDatabase } from './support/backend.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

/** `npm run owner -- …` as a user types it, on a data folder or a DATABASE_URL. */
async function owner(env: Record<string, string>, ...args: string[]) {
  try {
    const r = await run(process.execPath, ['--import', 'tsx', 'server/src/cli/owner.ts', ...args], {
      cwd: root,
      env: { PATH: process.env.PATH, ...env },
    });
    return { code: 0, out: r.stdout + r.stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

describe.each(backends)('owner role on $name', (backend) => {
  const dirs: string[] = [];
  const databases: string[] = [];
  afterAll(async () => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
    for (const name of databases) await dropDatabase(backend.adminUrl!, name);
  });

  async function fresh(): Promise<{ dataDir: string; database?: string; env: Record<string, string> }> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chef-owner-test-'));
    dirs.push(dataDir);
    if (backend.name === 'pglite') return { dataDir, env: { DATA_DIR: dataDir } };
    const database = await createDatabase(backend.adminUrl!);
    databases.push(database);
    return { dataDir, database, env: { DATA_DIR: dataDir, DATABASE_URL: withDatabase(backend.adminUrl!, database) } };
  }

  it('makes a demo owner with a generated password on the first start only, who can read bookings', async () => {
    const { dataDir, database } = await fresh();
    const first = await startTestServer(backend, { seed: true, dataDir, database });
    const demo = first.demoOwner;
    await first.stop();
    expect(demo?.email).toBe('owner@cheffeva.example');
    expect(demo?.password).toMatch(/^[\w-]{24}$/);

    const again = await startTestServer(backend, { seed: true, dataDir, database });
    try {
      expect(again.demoOwner).toBeUndefined();
      const c = client(again, again.anonKey);
      const signIn = await c.auth.signInWithPassword({ email: demo!.email, password: demo!.password });
      expect(signIn.error).toBeNull();
      const bookings = await c.from('bookings').select('status, guests, booking_date');
      expect(bookings.error).toBeNull();
      const rows = bookings.data as { status: string; guests: number; booking_date: string }[];
      expect(new Set(rows.map((r) => r.status)).size).toBeGreaterThanOrEqual(3);
      expect(rows.some((r) => r.guests >= 20)).toBe(true);
      expect(rows.some((r) => r.booking_date < new Date().toISOString().slice(0, 10))).toBe(true);
      const pending = await c.from('community_recipes').select('id').eq('status', 'pending');
      expect(pending.data!.length).toBeGreaterThanOrEqual(2);
    } finally {
      await again.stop();
    }
    // A second fresh database gets another password.
    const other = await fresh();
    const s = await startTestServer(backend, { seed: true, dataDir: other.dataDir, database: other.database });
    expect(s.demoOwner?.password).not.toBe(demo!.password);
    await s.stop();
  }, 120_000);

  it('an account someone else signed up with the chef’s address is made safe before it gets the role', async () => {
    const { env, dataDir, database } = await fresh();
    const chef = 'chef@example.com';
    // The attacker signs up the (public) address first and keeps a session.
    let attacker: { access: string; refresh: string };
    let before = await startTestServer(backend, { dataDir, database });
    try {
      const signUp = await client(before, before.anonKey).auth.signUp({
        email: chef,
        password: 'attacker-password-1',
        options: { data: { display_name: 'Pay the deposit at evil.test' } },
      });
      expect(signUp.error).toBeNull();
      attacker = { access: signUp.data.session!.access_token, refresh: signUp.data.session!.refresh_token };
      const booking = await client(before, before.serviceKey)
        .from('bookings')
        .insert({
          name: 'Private Client',
          email: 'client@visitor.test',
          phone: '+1 555 0100',
          booking_date: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
          booking_time: '18:00',
          guests: 2,
          service_type: 'Menu Consultation',
          location: 'Atlanta',
        });
      expect(booking.error).toBeNull();
    } finally {
      await before.stop();
    }

    const add = await owner(env, 'add', chef);
    expect(add.code).toBe(0);
    expect(add.out).toMatch(
      /^The account chef@example\.com already existed \(made \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z\); it is now the owner\.$/m,
    );
    expect(add.out).toContain('its password was replaced and 1 session signed out.');
    const password = /new password: (\S+)/.exec(add.out)?.[1];
    expect(password).toMatch(/^[\w-]{24}$/);

    before = await startTestServer(backend, { dataDir, database });
    try {
      const anonymous = client(before, before.anonKey);
      // The attacker's password, refresh token and still-unexpired access token no longer give anything.
      const oldPassword = await anonymous.auth.signInWithPassword({ email: chef, password: 'attacker-password-1' });
      expect(oldPassword.error).toMatchObject({ code: 'invalid_credentials' });
      const refresh = await anonymous.auth.refreshSession({ refresh_token: attacker!.refresh });
      expect(refresh.error).toMatchObject({ code: 'refresh_token_not_found' });
      const withOldToken = client(before, before.anonKey, { accessToken: attacker!.access });
      const stolen = await withOldToken.from('bookings').select('name');
      expect(stolen.error).toBeNull();
      expect(stolen.data).toEqual([]);
      // Whoever ran the command signs in with the printed password and reads the bookings.
      const chefClient = client(before, before.anonKey);
      const signedIn = await chefClient.auth.signInWithPassword({ email: chef, password: password! });
      expect(signedIn.error).toBeNull();
      // Nothing the squatter wrote about the account stays (issue 38, info: its display name).
      expect(signedIn.data.user!.user_metadata).toEqual({
        email: chef,
        email_verified: true,
        phone_verified: false,
        sub: signedIn.data.user!.id,
      });
      expect((await chefClient.from('bookings').select('name')).data).toEqual([{ name: 'Private Client' }]);
      // Adding again changes nothing: the owner keeps the password.
      await before.stop();
      expect((await owner(env, 'add', chef)).out).toMatch(/^chef@example\.com already holds the owner role\.$/m);
      before = await startTestServer(backend, { dataDir, database });
      expect(
        (await client(before, before.anonKey).auth.signInWithPassword({ email: chef, password: password! })).error,
      ).toBeNull();
    } finally {
      await before.stop();
    }
  }, 120_000);

  it('adds, lists and removes owners from the command line', async () => {
    const { env, dataDir, database } = await fresh();
    expect((await owner(env, 'list')).out).toMatch(/No account holds the owner role/);
    const add = await owner(env, 'add', 'Chef@Example.com');
    expect(add.code).toBe(0);
    const password = /password: (\S+)/.exec(add.out)?.[1];
    expect(password).toMatch(/^[\w-]{24}$/);
    expect((await owner(env, 'add', 'chef@example.com')).out).toMatch(/already holds the owner role/);
    expect((await owner(env, 'list')).out).toMatch(/^chef@example\.com\tsince /m);
    const bad = await owner(env, 'add', 'not-an-address');
    expect(bad.code).toBe(2);
    expect(bad.out).toMatch(/invalid format/);
    expect((await owner(env, 'frobnicate')).code).toBe(2);

    // The made account signs in and is the owner; after remove it is a member like any other.
    const server = await startTestServer(backend, { dataDir, database });
    try {
      const c = client(server, server.anonKey);
      expect((await c.auth.signInWithPassword({ email: 'chef@example.com', password: password! })).error).toBeNull();
      expect((await c.from('user_roles').select('role')).data).toEqual([{ role: 'owner' }]);
      if (backend.name === 'pglite') {
        // While a server holds the PGlite folder, the command refuses to open it.
        fs.writeFileSync(path.join(dataDir, 'server.pid'), `${process.pid}\n`);
        const busy = await owner(env, 'list');
        expect(busy.code).toBe(1);
        expect(busy.out).toMatch(/is using the database/);
        fs.rmSync(path.join(dataDir, 'server.pid'));
      }
    } finally {
      await server.stop();
    }
    const removed = await owner(env, 'remove', 'chef@example.com');
    expect(removed.code).toBe(0);
    expect((await owner(env, 'list')).out).toMatch(/No account holds the owner role/);
    expect((await owner(env, 'remove', 'chef@example.com')).code).toBe(1);
  }, 120_000);
});
