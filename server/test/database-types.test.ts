import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../src/db/index.ts';
import { migrate } from '../src/db/migrate.ts';
import { generateTypes, TYPES_FILE } from '../../scripts/gen-types.ts';
import { backends, createDatabase, dropDatabase, pgliteTemplate, withDatabase } from './support/backend.ts';

/**
 * The row types the site's supabase-js client is typed with (web/app/lib/database.types.ts) are
 * generated from the migrations by scripts/gen-types.ts; this fails when the committed file is not
 * what the migrations generate (docs/decisions/0026-one-source-per-contract.md).
 */
describe('web/app/lib/database.types.ts', () => {
  let dataDir: string;
  let db: Db;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chef-types-test-'));
    fs.cpSync(path.join(await pgliteTemplate(), 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
    db = await openDb({ dataDir, fsync: false });
  });
  afterAll(async () => {
    await db?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is what the migrations generate (run `npx tsx scripts/gen-types.ts` after changing one)', async () => {
    const generated = await generateTypes(db);
    expect(fs.readFileSync(TYPES_FILE, 'utf8')).toBe(generated);
  });

  it('follows the schema: a new column, table, view and function appear with their types', async () => {
    await db.exec(`
      create table public.zz_probe (id bigint generated always as identity primary key, label text not null,
                                    note text, tags text[] default '{}', booking_id uuid references public.bookings (id));
      create view public.zz_probe_view as select id, label from public.zz_probe;
      create function public.zz_probe_fn(p_label text, p_limit int default 10) returns setof public.zz_probe
        language sql stable as 'select * from public.zz_probe where label = p_label limit p_limit';
      create type public.zz_mood as enum ('calm', 'busy');
    `);
    const types = await generateTypes(db);
    expect(types).toContain(
      [
        '      zz_probe: {',
        '        Row: {',
        '          booking_id: string | null;',
        '          id: number;',
        '          label: string;',
        '          note: string | null;',
        '          tags: string[] | null;',
        '        };',
        '        Insert: {',
        '          booking_id?: string | null;',
        '          id?: never;',
        '          label: string;',
        '          note?: string | null;',
        '          tags?: string[] | null;',
        '        };',
      ].join('\n'),
    );
    expect(types).toContain(
      [
        '        Relationships: [',
        '          {',
        "            foreignKeyName: 'zz_probe_booking_id_fkey';",
        "            columns: ['booking_id'];",
        '            isOneToOne: false;',
        "            referencedRelation: 'bookings';",
        "            referencedColumns: ['id'];",
        '          },',
        '        ];',
      ].join('\n'),
    );
    expect(types).toContain("      zz_probe_view: {\n        Row: {\n          id: number | null;\n          label: string | null;\n        };");
    expect(types).toContain("      zz_probe_fn: { Args: { p_label: string; p_limit?: number }; Returns: Database['public']['Tables']['zz_probe']['Row'][] };");
    expect(types).toContain("      zz_mood: 'calm' | 'busy';");
  });
});

describe.each(backends.filter((b) => b.name === 'postgres'))('web/app/lib/database.types.ts on $name', (backend) => {
  it('is also what the migrations generate on PostgreSQL', async () => {
    const name = await createDatabase(backend.adminUrl!);
    const db = await openDb({ dataDir: os.tmpdir(), databaseUrl: withDatabase(backend.adminUrl!, name) });
    try {
      await migrate(db);
      expect(await generateTypes(db)).toBe(fs.readFileSync(TYPES_FILE, 'utf8'));
    } finally {
      await db.close();
      await dropDatabase(backend.adminUrl!, name);
    }
  }, 120_000);
});
