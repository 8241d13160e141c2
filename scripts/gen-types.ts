// The database's row types for supabase-js, generated from our migrations: web/app/lib/database.types.ts.
//
//   npx tsx scripts/gen-types.ts          writes the file, and the value constants (scripts/gen-constants.ts)
//                                         and supabase/schema.sql (scripts/gen-schema.ts)
//   npx tsx scripts/gen-types.ts --check  exits 1 when a committed file differs from the migrations
//
// The output has the shape `supabase gen types typescript` writes (a `Database` type whose `public`
// schema has Tables with Row/Insert/Update/Relationships, Views, Functions, Enums, CompositeTypes,
// and the Tables/TablesInsert/TablesUpdate/Enums helpers), so a project may switch to the CLI's
// output at any time. The CLI cannot run here (it downloads a binary and runs a container); this
// runs the migrations on PGlite, as the server does, and reads pg_catalog. Only the public schema,
// which is all the site's supabase-js calls reach. docs/decisions/0026-one-source-per-contract.md
// says why; server/test/database-types.test.ts fails when the committed file is stale.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDb } from '../server/src/db/index.ts';
import type { Db } from '../server/src/db/index.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { generateConstants } from './gen-constants.ts';
import { dumpSchema, SCHEMA_FILE } from './gen-schema.ts';
import { type PgType, introspect } from './gen-types-introspect.ts';
import { render } from './gen-types-render.ts';

export const TYPES_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../web/app/lib/database.types.ts',
);
export const CONSTANTS_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../web/app/lib/database.constants.ts',
);

/** The types of a migrated database. */
export async function generateTypes(db: Db): Promise<string> {
  const schema = await introspect(db);
  const labels = (
    await db.tx(null, (sql) =>
      sql<{ oid: number; labels: string[] }>(
        `select enumtypid::int as oid, array_agg(enumlabel::text order by enumsortorder) as labels from pg_enum group by enumtypid`,
      ),
    )
  ).rows;
  for (const l of labels) {
    const t = schema.types.find((x) => x.oid === l.oid);
    if (t) (t as PgType & { labels?: string[] }).labels = l.labels;
  }
  return render(schema);
}

/** Every file generated from the migrations, by path: the row types, the value constants, the schema. */
export async function filesFromMigrations(): Promise<Record<string, string>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chef-gen-types-'));
  try {
    const db = await openDb({ dataDir, fsync: false });
    let types: string;
    let constants: string;
    try {
      await migrate(db);
      types = await generateTypes(db);
      constants = await generateConstants(db);
    } finally {
      await db.close();
    }
    return {
      [TYPES_FILE]: types,
      [CONSTANTS_FILE]: constants,
      [SCHEMA_FILE]: await dumpSchema(path.join(dataDir, 'pglite')),
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const files = await filesFromMigrations();
  let stale = false;
  for (const [file, text] of Object.entries(files)) {
    const name = path.relative(process.cwd(), file);
    if (process.argv.includes('--check')) {
      const same = fs.existsSync(file) && fs.readFileSync(file, 'utf8') === text;
      if (!same) stale = true;
      console.log(
        same
          ? `${name} matches the migrations.`
          : `${name} differs from the migrations: run npx tsx scripts/gen-types.ts`,
      );
    } else {
      fs.writeFileSync(file, text);
      console.log(`wrote ${name}`);
    }
  }
  if (stale) process.exit(1);
}
