import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb } from '../src/db/index.ts';
import { listMigrations, migrate } from '../src/db/migrate.ts';
import {
  backends,
  client,
  createDatabase,
  dropDatabase,
  startTestServer,
  withDatabase,
  type Backend,
} from './support/backend.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chef-migrate-test-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A database that outlives one server, so a restart can be tested. */
async function persistentDatabase(backend: Backend) {
  if (backend.name !== 'postgres') return undefined;
  const name = await createDatabase(backend.adminUrl!);
  cleanups.push(() => dropDatabase(backend.adminUrl!, name));
  return name;
}

// Each test opens fresh databases (PGlite's initdb takes seconds on a busy machine).
const SLOW = 120_000;

describe.each(backends)('database as code on $name', (backend) => {
  it(
    'applies bootstrap and migrations once, and the seed only on a fresh database',
    async () => {
      const dataDir = tempDir();
      const database = await persistentDatabase(backend);

      const first = await startTestServer(backend, { dataDir, database, seed: true });
      cleanups.push(() => first.stop());
      const anon = client(first, first.anonKey);
      const listed = await anon
        .from('community_recipes')
        .select('title, status')
        .order('created_at', { ascending: false });
      expect(listed.error).toBeNull();
      expect(listed.data!.length).toBeGreaterThanOrEqual(3);
      expect(listed.data!.every((r) => r.status === 'approved')).toBe(true);
      const total = async (s: typeof first) =>
        (await client(s, s.serviceKey).from('community_recipes').select('*', { count: 'exact', head: true })).count;
      const seeded = await total(first);
      // seed.sql has three pending recipes besides the approved ones (for the console's queue).
      expect(seeded).toBe(listed.data!.length + 3);
      await first.stop();

      // A restart applies nothing again and does not seed again.
      const second = await startTestServer(backend, { dataDir, database, seed: true });
      cleanups.push(() => second.stop());
      expect(await total(second)).toBe(seeded);
      const versions = await second.db.tx(null, (sql) =>
        sql<{ version: string }>('select version from supabase_migrations.schema_migrations order by version'),
      );
      expect(versions.rows.map((r) => r.version)).toEqual(listMigrations().map((m) => m.version));
      // The same keys after a restart: the secret is kept.
      expect(second.anonKey).toBe(first.anonKey);
    },
    SLOW,
  );

  it(
    'leaves nothing behind when a migration fails, and applies it once fixed',
    async () => {
      const dataDir = tempDir();
      const database = await persistentDatabase(backend);
      const db = await openDb({
        dataDir,
        databaseUrl: database ? withDatabase(backend.adminUrl!, database) : undefined,
      });
      cleanups.push(() => db.close());
      const migrations = tempDir();
      fs.writeFileSync(
        path.join(migrations, '20990101000000_broken.sql'),
        'create table public.half_done (id int);\ninsert into public.half_done values (1);\nselect 1/0;\n',
      );
      await expect(migrate(db, { migrationsDir: migrations })).rejects.toThrow(/20990101000000_broken\.sql failed/);
      const state = await db.tx(null, (sql) =>
        sql<{ table: string | null; recorded: number }>(
          `select to_regclass('public.half_done')::text as table,
                (select count(*)::int from supabase_migrations.schema_migrations) as recorded`,
        ),
      );
      expect(state.rows[0]).toEqual({ table: null, recorded: 0 });

      fs.writeFileSync(path.join(migrations, '20990101000000_broken.sql'), 'create table public.half_done (id int);\n');
      expect((await migrate(db, { migrationsDir: migrations })).applied).toEqual(['20990101000000']);
      expect((await migrate(db, { migrationsDir: migrations })).applied).toEqual([]);
    },
    SLOW,
  );
});
