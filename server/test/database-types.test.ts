import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../src/db/index.ts';
import { migrate } from '../src/db/migrate.ts';
import { generateConstants } from '../../scripts/gen-constants.ts';
import { Constants } from '../../web/app/lib/database.constants.ts';
import { dumpSchema, SCHEMA_FILE } from '../../scripts/gen-schema.ts';
import { CONSTANTS_FILE, generateTypes, TYPES_FILE } from '../../scripts/gen-types.ts';
import { backends, createDatabase, dropDatabase, pgliteTemplate, withDatabase } from './support/backend.ts';

/**
 * The files scripts/gen-types.ts generates from the migrations: the row types the site's supabase-js
 * client is typed with (web/app/lib/database.types.ts), the constants of the check constraints
 * (web/app/lib/database.constants.ts) and the schema (supabase/schema.sql). This fails when a
 * committed file is not what the migrations generate (docs/decisions/0026-one-source-per-contract.md).
 */
describe('web/app/lib/database.types.ts, database.constants.ts and supabase/schema.sql', () => {
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

  it('web/app/lib/database.constants.ts is what the migrations generate', async () => {
    expect(fs.readFileSync(CONSTANTS_FILE, 'utf8')).toBe(await generateConstants(db));
  });

  it('supabase/schema.sql is what the migrations generate, the same on every run', async () => {
    const copies = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'chef-schema-test-')));
    try {
      const dumps: string[] = [];
      for (const copy of copies) {
        fs.cpSync(path.join(await pgliteTemplate(), 'pglite'), copy, { recursive: true });
        dumps.push(await dumpSchema(copy));
      }
      expect(dumps[1]).toBe(dumps[0]);
      expect(fs.readFileSync(SCHEMA_FILE, 'utf8')).toBe(dumps[0]);
      // What a reader looks for: the live definition of a function defined in several migrations, a
      // table's checks, its grants, and the policies on the platform's storage table.
      expect(dumps[0]).toContain('CREATE FUNCTION private.bookings_before_update() RETURNS trigger');
      const kinds = Constants.public.Checks.payments.kind.map((k) => `'${k}'::text`).join(', ');
      expect(dumps[0]).toContain(`CONSTRAINT payments_kind_known CHECK ((kind = ANY (ARRAY[${kinds}])))`);
      expect(dumps[0]).toContain('GRANT INSERT(name) ON TABLE public.bookings TO anon;');
      expect(dumps[0]).toMatch(/^CREATE POLICY ".+" ON storage\.objects AS PERMISSIVE FOR INSERT TO /m);
      expect(dumps[0]).not.toMatch(/Dumped (from|by)|^\\restrict/m);
    } finally {
      for (const copy of copies) fs.rmSync(copy, { recursive: true, force: true });
    }
  }, 120_000);

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
    expect(types).toContain(
      '      zz_probe_view: {\n        Row: {\n          id: number | null;\n          label: string | null;\n        };',
    );
    expect(types).toContain(
      "      zz_probe_fn: { Args: { p_label: string; p_limit?: number }; Returns: Database['public']['Tables']['zz_probe']['Row'][] };",
    );
    expect(types).toContain("      zz_mood: 'calm' | 'busy';");
  });

  it('picks up a new check list, length limit and range as constants', async () => {
    await db.exec(`
      create table public.zz_checked (
        id bigint generated always as identity primary key,
        colour text not null constraint zz_checked_colour_known check (colour in ('red', 'it''s green')),
        shape text check (shape = 'round'),
        label text constraint zz_checked_label_length check (label ~ '[^[:space:]]' and length(label) <= 42),
        size int check (size between 2 and 9),
        tags jsonb check (jsonb_array_length(tags) <= 5)
      );
    `);
    const constants = await generateConstants(db);
    expect(constants).toContain(
      ['      zz_checked: {', "        colour: ['red', 'it\\'s green'],", "        shape: ['round'],", '      },'].join(
        '\n',
      ),
    );
    expect(constants).toContain(['      zz_checked: {', '        label: 42,', '      },'].join('\n'));
    expect(constants).toContain(['      zz_checked: {', '        size: [2, 9],', '      },'].join('\n'));
    expect(constants).not.toContain('tags');
  });
});

describe.each(backends.filter((b) => b.name === 'postgres'))('web/app/lib/database.types.ts on $name', (backend) => {
  it('is also what the migrations generate on PostgreSQL', async () => {
    const name = await createDatabase(backend.adminUrl!);
    const db = await openDb({ dataDir: os.tmpdir(), databaseUrl: withDatabase(backend.adminUrl!, name) });
    try {
      await migrate(db);
      expect(await generateTypes(db)).toBe(fs.readFileSync(TYPES_FILE, 'utf8'));
      expect(await generateConstants(db)).toBe(fs.readFileSync(CONSTANTS_FILE, 'utf8'));
    } finally {
      await db.close();
      await dropDatabase(backend.adminUrl!, name);
    }
  }, 120_000);
});
