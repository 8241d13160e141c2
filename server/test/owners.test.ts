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
    const r = await run(process.execPath, ['--import', 'tsx', 'server/src/owner-cli.ts', ...args], {
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
