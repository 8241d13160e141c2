import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db, Sql } from './types.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const BOOTSTRAP_FILE = path.resolve(here, '../../bootstrap.sql');
export const MIGRATIONS_DIR = path.resolve(here, '../../../supabase/migrations');
export const SEED_FILE = path.resolve(here, '../../../supabase/seed.sql');

/** `20251122090000_bookings.sql` → version `20251122090000`, name `bookings`. */
const MIGRATION_NAME = /^(\d{14})_([a-z0-9_]+)\.sql$/;

export interface Migration {
  version: string;
  name: string;
  file: string;
}

export function listMigrations(dir = MIGRATIONS_DIR): Migration[] {
  if (!fs.existsSync(dir)) return [];
  const out: Migration[] = [];
  for (const file of fs.readdirSync(dir).sort()) {
    if (!file.endsWith('.sql')) continue;
    const m = MIGRATION_NAME.exec(file);
    if (!m) throw new Error(`Migration file name must be <14-digit timestamp>_<snake_name>.sql: ${file}`);
    out.push({ version: m[1]!, name: m[2]!, file: path.join(dir, file) });
  }
  return out;
}

export interface MigrateResult {
  applied: string[];
  /** True when no migration had ever been applied before this run. */
  fresh: boolean;
  seeded: boolean;
}

/**
 * Applies the bootstrap (idempotent, every time), then each migration not yet recorded in
 * `supabase_migrations.schema_migrations`, in order, each in its own transaction with its record,
 * so a failing migration leaves nothing half-applied. An advisory lock keeps two processes on the
 * same database from applying the same migration twice. The seed runs only on a fresh database.
 */
export async function migrate(
  db: Db,
  opts: {
    seed?: boolean;
    migrationsDir?: string;
    seedFile?: string;
    log?: (line: string) => void;
    /** Only the migrations up to this version (a restore builds the schema of its backup first). */
    upTo?: string;
  } = {},
): Promise<MigrateResult> {
  const log = opts.log ?? (() => {});
  const bootstrap = fs.readFileSync(BOOTSTRAP_FILE, 'utf8');
  await db.tx(null, async (sql) => {
    await lock(db, sql);
    await sql.script(bootstrap);
  });

  const applied: string[] = [];
  let fresh = false;
  for (const m of listMigrations(opts.migrationsDir)) {
    if (opts.upTo !== undefined && m.version > opts.upTo) break;
    const script = fs.readFileSync(m.file, 'utf8');
    const done = await db.tx(null, async (sql) => {
      await lock(db, sql);
      const { rows } = await sql<{ version: string }>(
        'select version from supabase_migrations.schema_migrations order by version',
      );
      if (rows.some((r) => r.version === m.version)) return false;
      if (rows.length === 0) fresh = true;
      try {
        await sql.script(script);
      } catch (err) {
        throw new Error(`Migration ${path.basename(m.file)} failed: ${(err as Error).message}`, { cause: err });
      }
      await sql('insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)', [
        m.version,
        m.name,
        [script],
      ]);
      return true;
    });
    if (done) {
      applied.push(m.version);
      log(`applied migration ${path.basename(m.file)}`);
    }
  }

  await readStatementTimeouts(db);

  let seeded = false;
  const seedFile = opts.seedFile ?? SEED_FILE;
  if (opts.seed && fresh && fs.existsSync(seedFile)) {
    const seed = fs.readFileSync(seedFile, 'utf8');
    await db.tx(null, (sql) => sql.script(seed));
    seeded = true;
    log('applied seed.sql');
  }
  return { applied, fresh, seeded };
}

/** Serialises migration runs between processes on PostgreSQL (PGlite has one connection). */
async function lock(db: Db, sql: Sql) {
  if (db.kind === 'postgres') await sql(`select pg_advisory_xact_lock(hashtext('supabase_migrations'))`);
}

/**
 * The API roles' own `statement_timeout` settings (server/bootstrap.sql gives hosted's; a migration
 * may change them, as on hosted), for the server to apply in each request as PostgREST does. The
 * service role has none and keeps hosted's authenticator limit.
 */
export async function readStatementTimeouts(db: Db): Promise<void> {
  const { rows } = await db.tx(null, (sql) =>
    sql<{ role: string; timeout: string }>(
      `select r.rolname as role, split_part(c, '=', 2) as timeout
         from pg_db_role_setting s
         join pg_roles r on r.oid = s.setrole
         cross join lateral unnest(s.setconfig) c
        where r.rolname in ('anon', 'authenticated', 'service_role')
          and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
          and c like 'statement\\_timeout=%'
        order by s.setdatabase`,
    ),
  );
  // A database's own setting (read last) wins over the cluster's, as at login.
  for (const r of rows) db.statementTimeouts.set(r.role, r.timeout);
}
