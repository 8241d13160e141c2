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

export const TYPES_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../web/app/lib/database.types.ts',
);
export const CONSTANTS_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../web/app/lib/database.constants.ts',
);

interface PgType {
  oid: number;
  name: string;
  schema: string;
  /** b base, c composite, d domain, e enum, p pseudo, r range. */
  kind: string;
  elem: number;
  relid: number;
  base: number;
}

interface Column {
  relid: number;
  name: string;
  type: number;
  not_null: boolean;
  has_default: boolean;
  identity: string;
  generated: string;
}

interface Relation {
  oid: number;
  name: string;
  /** r table, p partitioned table, v view, m materialized view. */
  kind: string;
  updatable: boolean;
}

interface ForeignKey {
  name: string;
  relid: number;
  columns: string[];
  referenced: string;
  referenced_columns: string[];
  one_to_one: boolean;
}

interface Fn {
  name: string;
  arg_names: string[] | null;
  arg_types: number[];
  arg_modes: string[] | null;
  all_arg_types: number[] | null;
  defaults: number;
  returns: number;
  returns_set: boolean;
}

/** The introspection, one query per kind; all in the public schema, nothing from extensions. */
async function introspect(db: Db) {
  return db.tx(null, async (sql) => {
    const types = (
      await sql<PgType>(
        `select t.oid::int as oid, t.typname as name, n.nspname as schema, t.typtype as kind, t.typelem::int as elem,
                t.typrelid::int as relid, t.typbasetype::int as base
           from pg_type t join pg_namespace n on n.oid = t.typnamespace`,
      )
    ).rows;
    const relations = (
      await sql<Relation>(
        `select c.oid::int as oid, c.relname as name, c.relkind::text as kind,
                (pg_relation_is_updatable(c.oid, false) & 12) = 12 as updatable
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm')
            and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')
          order by c.relname`,
      )
    ).rows;
    const columns = (
      await sql<Column>(
        `select a.attrelid::int as relid, a.attname as name, a.atttypid::int as type, a.attnotnull as not_null,
                a.atthasdef as has_default, a.attidentity::text as identity, a.attgenerated::text as generated
           from pg_attribute a
          where a.attnum > 0 and not a.attisdropped
            and a.attrelid in (select c.oid from pg_class c join pg_namespace n on n.oid = c.relnamespace
                                where n.nspname = 'public' or c.relkind = 'c')
          order by a.attrelid, a.attname`,
      )
    ).rows;
    const foreignKeys = (
      await sql<ForeignKey>(
        `select k.conname as name, k.conrelid::int as relid,
                array(select a.attname::text from unnest(k.conkey) with ordinality u(n, i)
                        join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n order by u.i) as columns,
                r.relname as referenced,
                array(select a.attname::text from unnest(k.confkey) with ordinality u(n, i)
                        join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.n order by u.i) as referenced_columns,
                exists (select 1 from pg_constraint u where u.conrelid = k.conrelid and u.contype in ('p', 'u')
                                                        and u.conkey @> k.conkey and u.conkey <@ k.conkey) as one_to_one
           from pg_constraint k
           join pg_class r on r.oid = k.confrelid
           join pg_namespace rn on rn.oid = r.relnamespace
           join pg_class c on c.oid = k.conrelid
           join pg_namespace cn on cn.oid = c.relnamespace
          where k.contype = 'f' and cn.nspname = 'public' and rn.nspname = 'public'
          order by k.conname`,
      )
    ).rows;
    const functions = (
      await sql<Fn>(
        `select p.proname as name, p.proargnames as arg_names, p.proargtypes::int[] as arg_types,
                p.proargmodes::text[] as arg_modes, p.proallargtypes::int[] as all_arg_types,
                p.pronargdefaults::int as defaults, p.prorettype::int as returns, p.proretset as returns_set
           from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'public' and p.prokind = 'f'
            and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype)
            and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
          order by p.proname, p.oid`,
      )
    ).rows;
    return { types, relations, columns, foreignKeys, functions };
  });
}

const quote = (s: string) => (/^[A-Za-z_$][\w$]*$/.test(s) ? s : `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`);
const literal = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Renders the types of what `introspect` read. */
export function render(schema: Awaited<ReturnType<typeof introspect>>): string {
  const typeByOid = new Map(schema.types.map((t) => [t.oid, t]));
  const columnsOf = new Map<number, Column[]>();
  for (const c of schema.columns) columnsOf.set(c.relid, [...(columnsOf.get(c.relid) ?? []), c]);
  const enums = schema.types
    .filter((t) => t.kind === 'e' && t.schema === 'public')
    .sort((a, b) => compare(a.name, b.name));
  const composites = schema.types
    .filter((t) => t.kind === 'c' && t.schema === 'public' && !schema.relations.some((r) => r.oid === t.relid))
    .sort((a, b) => compare(a.name, b.name));

  /** A PostgreSQL type as TypeScript, as the Supabase CLI maps them. */
  function ts(oid: number): string {
    const t = typeByOid.get(oid);
    if (!t) return 'unknown';
    if (t.kind === 'd') return ts(t.base);
    if (t.kind === 'e') return t.schema === 'public' ? `Database['public']['Enums'][${literal(t.name)}]` : 'string';
    if (t.name.startsWith('_') && t.elem) return `${ts(t.elem)}[]`;
    if (t.kind === 'c') {
      if (t.schema === 'public' && composites.includes(t))
        return `Database['public']['CompositeTypes'][${literal(t.name)}]`;
      return 'Json';
    }
    switch (t.name) {
      case 'bool':
        return 'boolean';
      case 'int2':
      case 'int4':
      case 'int8':
      case 'float4':
      case 'float8':
      case 'numeric':
        return 'number';
      case 'json':
      case 'jsonb':
        return 'Json';
      case 'void':
        return 'undefined';
      case 'record':
        return 'Record<string, unknown>';
      case 'unknown':
      case 'anyelement':
        return 'unknown';
      default:
        // text, varchar, uuid, dates and times, intervals, bytea, inet, tsvector…: strings over HTTP.
        return 'string';
    }
  }

  const out: string[] = [];
  const line = (depth: number, text: string) => out.push(`${'  '.repeat(depth)}${text}`);
  const fields = (depth: number, cols: Column[], field: (c: Column) => string) => {
    if (cols.length === 0) line(depth, '[_ in never]: never;');
    for (const c of [...cols].sort((a, b) => compare(a.name, b.name))) line(depth, field(c));
  };
  const orNull = (c: Column) => `${ts(c.type)}${c.not_null ? '' : ' | null'}`;

  out.push(
    '// Generated by scripts/gen-types.ts from supabase/migrations: do not edit. Run `npx tsx scripts/gen-types.ts`',
    '// after changing a migration (server/test/database-types.test.ts fails until this file matches).',
    '',
    'export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];',
    '',
    'export type Database = {',
    '  public: {',
    '    Tables: {',
  );
  const tables = schema.relations.filter((r) => r.kind === 'r' || r.kind === 'p');
  const views = schema.relations.filter((r) => r.kind === 'v' || r.kind === 'm');
  const relationships = (depth: number, relid: number) => {
    const keys = schema.foreignKeys.filter((k) => k.relid === relid);
    if (keys.length === 0) return line(depth, 'Relationships: [];');
    line(depth, 'Relationships: [');
    for (const k of keys) {
      line(depth + 1, '{');
      line(depth + 2, `foreignKeyName: ${literal(k.name)};`);
      line(depth + 2, `columns: [${k.columns.map(literal).join(', ')}];`);
      line(depth + 2, `isOneToOne: ${k.one_to_one};`);
      line(depth + 2, `referencedRelation: ${literal(k.referenced)};`);
      line(depth + 2, `referencedColumns: [${k.referenced_columns.map(literal).join(', ')}];`);
      line(depth + 1, '},');
    }
    line(depth, '];');
  };
  const writable = (depth: number, cols: Column[]) => {
    line(depth, 'Insert: {');
    fields(depth + 1, cols, (c) =>
      c.generated || c.identity === 'a'
        ? `${quote(c.name)}?: never;`
        : `${quote(c.name)}${c.not_null && !c.has_default && !c.identity ? '' : '?'}: ${orNull(c)};`,
    );
    line(depth, '};');
    line(depth, 'Update: {');
    fields(depth + 1, cols, (c) =>
      c.generated || c.identity === 'a' ? `${quote(c.name)}?: never;` : `${quote(c.name)}?: ${orNull(c)};`,
    );
    line(depth, '};');
  };
  if (tables.length === 0) line(3, '[_ in never]: never;');
  for (const t of tables) {
    const cols = columnsOf.get(t.oid) ?? [];
    line(3, `${quote(t.name)}: {`);
    line(4, 'Row: {');
    fields(5, cols, (c) => `${quote(c.name)}: ${orNull(c)};`);
    line(4, '};');
    writable(4, cols);
    relationships(4, t.oid);
    line(3, '};');
  }
  line(2, '};');
  line(2, 'Views: {');
  if (views.length === 0) line(3, '[_ in never]: never;');
  for (const v of views) {
    // A view's columns may always be null, as PostgreSQL reports them.
    const cols = (columnsOf.get(v.oid) ?? []).map((c) => ({ ...c, not_null: false }));
    line(3, `${quote(v.name)}: {`);
    line(4, 'Row: {');
    fields(5, cols, (c) => `${quote(c.name)}: ${orNull(c)};`);
    line(4, '};');
    if (v.updatable) writable(4, cols);
    relationships(4, v.oid);
    line(3, '};');
  }
  line(2, '};');

  line(2, 'Functions: {');
  const byName = new Map<string, Fn[]>();
  for (const f of schema.functions) byName.set(f.name, [...(byName.get(f.name) ?? []), f]);
  if (byName.size === 0) line(3, '[_ in never]: never;');
  for (const [name, overloads] of [...byName].sort(([a], [b]) => compare(a, b))) {
    const variants = overloads.map((f) => {
      const modes = f.arg_modes ?? f.arg_types.map(() => 'i');
      const allTypes = f.all_arg_types ?? f.arg_types;
      const names = f.arg_names ?? [];
      const inputs = allTypes
        .map((type, i) => ({ type, mode: modes[i]!, name: names[i] ?? '' }))
        .filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v');
      const firstOptional = inputs.length - f.defaults;
      const args = inputs.length
        ? `{ ${inputs.map((a, i) => `${quote(a.name || `arg${i}`)}${i >= firstOptional ? '?' : ''}: ${ts(a.type)}`).join('; ')} }`
        : 'never';
      const tableColumns = allTypes
        .map((type, i) => ({ type, mode: modes[i]!, name: names[i] ?? '' }))
        .filter((a) => a.mode === 't' || a.mode === 'o');
      let returns: string;
      if (tableColumns.length > 0) {
        returns = `{ ${tableColumns.map((c) => `${quote(c.name)}: ${ts(c.type)}`).join('; ')} }`;
      } else {
        const rt = typeByOid.get(f.returns);
        const rel = rt?.kind === 'c' ? schema.relations.find((r) => r.oid === rt.relid) : undefined;
        returns = rel
          ? `Database['public']['${rel.kind === 'v' || rel.kind === 'm' ? 'Views' : 'Tables'}'][${literal(rel.name)}]['Row']`
          : ts(f.returns);
      }
      return { args, returns: f.returns_set || tableColumns.length > 0 ? `${returns}[]` : returns };
    });
    if (variants.length === 1) {
      line(3, `${quote(name)}: { Args: ${variants[0]!.args}; Returns: ${variants[0]!.returns} };`);
    } else {
      line(3, `${quote(name)}:`);
      for (const v of variants) line(4, `| { Args: ${v.args}; Returns: ${v.returns} }`);
      out[out.length - 1] += ';';
    }
  }
  line(2, '};');

  line(2, 'Enums: {');
  if (enums.length === 0) line(3, '[_ in never]: never;');
  const labels = (t: PgType) => (t as PgType & { labels?: string[] }).labels ?? [];
  for (const e of enums) line(3, `${quote(e.name)}: ${labels(e).map(literal).join(' | ')};`);
  line(2, '};');
  line(2, 'CompositeTypes: {');
  if (composites.length === 0) line(3, '[_ in never]: never;');
  for (const c of composites) {
    line(3, `${quote(c.name)}: {`);
    fields(4, columnsOf.get(c.relid) ?? [], (col) => `${quote(col.name)}: ${ts(col.type)} | null;`);
    line(3, '};');
  }
  line(2, '};');
  line(1, '};');
  out.push(
    '};',
    '',
    "type PublicSchema = Database['public'];",
    '',
    "/** A table's or a view's row, as the API answers it: `Tables<'bookings'>`. */",
    "export type Tables<Name extends keyof PublicSchema['Tables'] | keyof PublicSchema['Views']> = Name extends keyof PublicSchema['Tables']",
    "  ? PublicSchema['Tables'][Name]['Row']",
    "  : Name extends keyof PublicSchema['Views']",
    "    ? PublicSchema['Views'][Name]['Row']",
    '    : never;',
    '',
    '/** What an insert into the table may send. */',
    "export type TablesInsert<Name extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][Name]['Insert'];",
    '',
    '/** What an update of the table may send. */',
    "export type TablesUpdate<Name extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][Name]['Update'];",
    '',
    "export type Enums<Name extends keyof PublicSchema['Enums']> = PublicSchema['Enums'][Name];",
    '',
    "export type CompositeTypes<Name extends keyof PublicSchema['CompositeTypes']> = PublicSchema['CompositeTypes'][Name];",
    '',
  );
  return out.join('\n');
}

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
