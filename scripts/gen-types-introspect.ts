// What scripts/gen-types.ts reads of a migrated database's public schema from pg_catalog.
import type { Db } from '../server/src/db/index.ts';

export interface PgType {
  oid: number;
  name: string;
  schema: string;
  /** b base, c composite, d domain, e enum, p pseudo, r range. */
  kind: string;
  elem: number;
  relid: number;
  base: number;
}

export interface Column {
  relid: number;
  name: string;
  type: number;
  not_null: boolean;
  has_default: boolean;
  identity: string;
  generated: string;
}

export interface Relation {
  oid: number;
  name: string;
  /** r table, p partitioned table, v view, m materialized view. */
  kind: string;
  updatable: boolean;
}

export interface ForeignKey {
  name: string;
  relid: number;
  columns: string[];
  referenced: string;
  referenced_columns: string[];
  one_to_one: boolean;
}

export interface Fn {
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
export async function introspect(db: Db) {
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

export type Schema = Awaited<ReturnType<typeof introspect>>;
