import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { backupFiles, createBackup, datedName } from '../backup/backup.ts';
import { moveToHosted } from '../backup/hosted.ts';
import { restoreBackup, RestoreRefused, TRUST_UNENCRYPTED_FLAG } from '../backup/restore.ts';
import { askServer, recordRun } from '../backup/service.ts';
import { parseConfig, type Config } from '../config.ts';
import { DataDirInUseError } from '../data-dir/lock.ts';
import { openDb } from '../db/index.ts';
import { createKeys, loadSecret } from '../data-dir/keys.ts';
import { migrate } from '../db/migrate.ts';

/**
 * `npm run backup [-- FILE]`, `npm run restore -- FILE|--latest`, `npm run move -- --to URL`:
 * docs/backups.md; the design is docs/decisions/0020-backups-and-durability.md.
 * Settings come from the environment as for `npm start` (DATA_DIR, DATABASE_URL, BACKUP_DIR,
 * BACKUP_PASSPHRASE); `--passphrase-file FILE` reads the passphrase from a file instead.
 */
const USAGE = `Usage: npm run backup [-- FILE] [--passphrase-file FILE]
       npm run restore -- FILE|--latest [--passphrase-file FILE] [${TRUST_UNENCRYPTED_FLAG}]
       npm run move -- --to postgres://user:password@host:5432/database
       npm run move -- --to-supabase https://<ref>.supabase.co --db postgres://postgres:…@db.<ref>.supabase.co:5432/postgres
                       (the service key in SUPABASE_SERVICE_ROLE_KEY)`;

class UsageError extends Error {}

function parseArgs(argv: string[]) {
  const positional: string[] = [];
  const flags: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--latest') flags.latest = true;
    else if (a === TRUST_UNENCRYPTED_FLAG) flags.trustUnencrypted = true;
    else if (a === '--passphrase-file' || a === '--to' || a === '--to-supabase' || a === '--db') {
      const v = argv[++i];
      if (!v) throw new UsageError(`${a} needs a value`);
      flags[a.slice(2)] = v;
    } else if (a.startsWith('--')) throw new UsageError(`unknown option ${a}`);
    else positional.push(a);
  }
  return { positional, flags };
}

function passphraseOf(config: Config, flags: Record<string, string | true>): string | undefined {
  const file = flags['passphrase-file'];
  if (typeof file === 'string') return fs.readFileSync(file, 'utf8').replace(/\r?\n$/, '');
  return config.backup.passphrase;
}

/** Opens the database when no server holds it; says what to do when one does. */
async function openLocal(config: Config) {
  try {
    return await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, fsync: config.fsync });
  } catch (err) {
    if (err instanceof DataDirInUseError) {
      throw new RestoreRefused(
        `${err.message}\n(The server on this folder did not answer on its control socket ${path.join(config.dataDir, 'control.sock')}.)`,
      );
    }
    throw err;
  }
}

async function backup(config: Config, argv: string[]): Promise<number> {
  const { positional, flags } = parseArgs(argv);
  if (positional.length > 1 || flags.latest || flags.to) throw new UsageError('backup takes at most one FILE');
  const passphrase = passphraseOf(config, flags);
  const file = path.resolve(positional[0] ?? path.join(config.backup.dir, datedName(Boolean(passphrase))));
  // A running server makes it (on PGlite it alone may open the database).
  const answer = await askServer(config.dataDir, { op: 'backup', file, passphrase });
  if (answer) {
    if (!answer.ok) {
      console.error(`The backup failed: ${answer.error}`);
      return 1;
    }
    console.log(`Backup made by the running server (${answer.bytes} bytes):`);
    console.log(answer.file);
    return 0;
  }
  const db = await openLocal(config);
  const startedAt = new Date();
  try {
    await migrate(db);
    const secret = loadSecret(config.dataDir, config.jwtSecret);
    const keys = await createKeys(secret);
    try {
      const r = await createBackup(
        {
          db,
          dataDir: config.dataDir,
          databaseUrl: config.databaseUrl,
          pgDump: config.pgDump,
          keys: { jwtSecret: secret, anonKey: keys.anonKey, serviceKey: keys.serviceKey },
        },
        file,
        { passphrase },
      );
      await recordRun(db, { startedAt, kind: 'manual', result: r });
      console.log(
        `Backup made (${r.bytes} bytes; ${Object.values(r.manifest.tables).reduce((a, b) => a + b, 0)} rows, ${Object.values(r.manifest.buckets).reduce((a, b) => a + b.objects, 0)} photos):`,
      );
      console.log(r.file);
      return 0;
    } catch (err) {
      await recordRun(db, { startedAt, kind: 'manual', error: (err as Error).message }).catch(() => {});
      throw err;
    }
  } finally {
    await db.close();
  }
}

async function restore(config: Config, argv: string[]): Promise<number> {
  const { positional, flags } = parseArgs(argv);
  if (flags.to || positional.length > 1 || (positional.length === 1) === Boolean(flags.latest))
    throw new UsageError('restore takes one FILE, or --latest');
  let file = positional[0];
  if (flags.latest) {
    const found = await backupFiles(config.backup.dir);
    for (const f of found.future)
      console.log(
        `Skipped ${path.basename(f)}: it is dated in the future, so it cannot be the newest backup (a clock that was ahead, or a copy from another machine). Give its name to restore it.`,
      );
    file = found.files[0];
    if (!file) {
      console.error(`No complete backup in BACKUP_DIR ${config.backup.dir}.`);
      return 1;
    }
    console.log(`The newest complete backup in ${config.backup.dir}: ${path.basename(file)}`);
  }
  const r = await restoreBackup(
    file!,
    {
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      jwtSecretFromEnv: config.jwtSecret,
      fsync: config.fsync,
    },
    {
      passphrase: passphraseOf(config, flags),
      trustUnencrypted: flags.trustUnencrypted === true,
      log: (line) => console.log(`  ${line}`),
    },
  );
  const rows = Object.values(r.manifest.tables).reduce((a, b) => a + b, 0);
  console.log(
    `Restored ${rows} rows and ${r.photos} photos from the backup of ${r.manifest.createdAt}${r.migrated.length ? `, then applied ${r.migrated.length} newer migration(s)` : ''}.`,
  );
  console.log(
    `Start the server on it: npm start (DATA_DIR=${config.dataDir}${config.databaseUrl ? ', the same DATABASE_URL' : ''}).`,
  );
  return 0;
}

async function move(config: Config, argv: string[]): Promise<number> {
  const { positional, flags } = parseArgs(argv);
  if (flags['to-supabase']) return moveHosted(config, flags);
  const to = flags.to;
  if (typeof to !== 'string' || positional.length > 0) throw new UsageError('move needs --to postgres://…');
  if (!/^postgres(ql)?:\/\//.test(to)) throw new UsageError('--to must start with postgres:// or postgresql://');
  if (config.databaseUrl) {
    console.error(
      'DATABASE_URL is set: the product already runs on PostgreSQL. `npm run move` copies a PGlite product (DATA_DIR) to PostgreSQL; unset DATABASE_URL.',
    );
    return 1;
  }
  // Stopped first: what visitors send after the copy would not move.
  const db = await openLocal(config).catch((err: unknown) => {
    if (err instanceof RestoreRefused)
      throw new RestoreRefused(`Stop the server first (Ctrl+C): ${err.message.split('\n')[0]}`);
    throw err;
  });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'chef-move-'));
  try {
    let file: string;
    try {
      await migrate(db);
      const secret = loadSecret(config.dataDir, config.jwtSecret);
      const keys = await createKeys(secret);
      const source = {
        db,
        dataDir: config.dataDir,
        keys: { jwtSecret: secret, anonKey: keys.anonKey, serviceKey: keys.serviceKey },
      };
      file = (await createBackup(source, path.join(work, 'move.tar.gz'))).file;
    } finally {
      await db.close();
    }
    // The backup this command just made: it needs no proof of where it comes from.
    const r = await restoreBackup(
      file,
      { dataDir: config.dataDir, databaseUrl: to, rowsOnly: true },
      { trustUnencrypted: true, log: (line) => console.log(`  ${line}`) },
    );
    const rows = Object.values(r.manifest.tables).reduce((a, b) => a + b, 0);
    console.log(
      `Moved ${rows} rows to PostgreSQL; every table's count and checksum match. Photos and the JWT secret stay in ${config.dataDir}.`,
    );
    console.log(
      `Now start the server on PostgreSQL: DATABASE_URL='${to.replace(/:[^:@/]*@/, ':…@')}' npm start (keep DATA_DIR=${config.dataDir}).`,
    );
    return 0;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** The product's data (PGlite in DATA_DIR, or DATABASE_URL) into a hosted Supabase project. */
async function moveHosted(config: Config, flags: Record<string, string | true>): Promise<number> {
  const apiUrl = flags['to-supabase'];
  const dbUrl = flags.db;
  const serviceKey = config.hostedServiceKey;
  if (typeof apiUrl !== 'string' || !/^https?:\/\//.test(apiUrl))
    throw new UsageError('--to-supabase needs the project URL (https://<ref>.supabase.co)');
  if (typeof dbUrl !== 'string' || !/^postgres(ql)?:\/\//.test(dbUrl))
    throw new UsageError('--db needs the project database URL (postgres://…)');
  if (!serviceKey) throw new UsageError("set SUPABASE_SERVICE_ROLE_KEY to the project's service_role key");
  const db = await openLocal(config).catch((err: unknown) => {
    if (err instanceof RestoreRefused)
      throw new RestoreRefused(`Stop the server first (Ctrl+C): ${err.message.split('\n')[0]}`);
    throw err;
  });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'chef-move-'));
  try {
    let file: string;
    try {
      await migrate(db);
      const secret = loadSecret(config.dataDir, config.jwtSecret);
      const keys = await createKeys(secret);
      const source = {
        db,
        dataDir: config.dataDir,
        databaseUrl: config.databaseUrl,
        pgDump: config.pgDump,
        keys: { jwtSecret: secret, anonKey: keys.anonKey, serviceKey: keys.serviceKey },
      };
      file = (await createBackup(source, path.join(work, 'move.tar.gz'))).file;
    } finally {
      await db.close();
    }
    const r = await moveToHosted(file, { apiUrl, dbUrl, serviceKey }, { log: (line) => console.log(`  ${line}`) });
    console.log(
      `Moved to ${apiUrl}: the rows of ${r.tables.length} tables (counts checked; checksums of the public and private tables), ${r.photos} photos through the Storage API, ${r.imageUrls} image URL(s) pointed at the project.`,
    );
    console.log('Then build the site against the project (VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY; docs/deploy.md).');
    return 0;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  // What these commands write (a restored folder, a backup, their work folders) holds the JWT
  // secret, password hashes and visitors' data: private to this user from the first file on.
  process.umask(0o077);
  const config = parseConfig(process.env);
  try {
    if (command === 'backup') return await backup(config, rest);
    if (command === 'restore') return await restore(config, rest);
    if (command === 'move') return await move(config, rest);
    console.error(USAGE);
    return 2;
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`${err.message}\n${USAGE}`);
      return 2;
    }
    if (err instanceof RestoreRefused) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
