import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tar from 'tar-stream';
import zlib from 'node:zlib';
import { DATA_SQL, entryPath, readArchive, writeArchive, type Manifest } from '../src/backup/archive.ts';
import { rotateBackups } from '../src/backup/backup.ts';
import { restoreBackup, RestoreRefused } from '../src/backup/restore.ts';
import {
  backends,
  client,
  createDatabase,
  dropDatabase,
  startTestServer,
  TEST_JWT_SECRET,
  withDatabase,
  type TestServer,
} from './support/backend.ts';

/**
 * A restore runs only what a backup should hold (issue 38, F6-F8): rows of the product's tables as
 * literal INSERTs, every table with its checksum; an unencrypted file only when the chef names the
 * risk; a broken archive ends cleanly and leaves no work folder; a restored folder is private; and
 * rotation deletes only what this server wrote, never the backup it just made.
 */
const tmp = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));
const folders: string[] = [];
afterAll(() => folders.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
const cli = path.resolve('server/src/cli/backup.ts');
/** `extra` at the end of the dump's statements (before the `\unrestrict` line newer pg_dump versions end with). */
const append = (sql: string, extra: string) => sql.replace(/(\n\\unrestrict [A-Za-z0-9]+\s*)?$/, `${extra}$1`);

function run(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', cli, ...args], {
      env: { ...process.env, DATABASE_URL: '', BACKUP_PASSPHRASE: '', JWT_SECRET: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, out }));
  });
}

describe.each(backends)('what a restore runs ($name)', (backend) => {
  let server: TestServer;
  let backupFile: string;
  let memberId: string;
  const work = tmp('chef-trust-restore-');
  folders.push(work);

  beforeAll(async () => {
    server = await startTestServer(backend, { env: { BACKUP_INTERVAL_HOURS: '0' } });
    const { data } = await client(server, server.anonKey).auth.signUp({
      email: `member-${crypto.randomUUID()}@example.com`,
      password: 'restore-password-1',
    });
    memberId = data.user!.id;
    backupFile = (await server.backups.run('manual', path.join(work, 'plain.tar.gz'))).file;
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  /** The backup with data.sql (and the manifest's entries and counts) rewritten, as the probe did. */
  async function tampered(
    name: string,
    editSql: (sql: string) => string,
    editManifest: (m: Manifest) => Manifest = (m) => m,
  ) {
    const unpacked = tmp('chef-trust-unpacked-');
    folders.push(unpacked);
    const manifest = await readArchive(backupFile, unpacked);
    const dataPath = entryPath(unpacked, DATA_SQL);
    fs.writeFileSync(dataPath, editSql(fs.readFileSync(dataPath, 'utf8')));
    async function* entries() {
      for (const n of Object.keys(manifest.entries)) yield { name: n, bytes: fs.readFileSync(entryPath(unpacked, n)) };
    }
    const file = path.join(work, name);
    await writeArchive(file, entries(), (written) => editManifest({ ...manifest, entries: written }));
    return file;
  }
  async function target() {
    const dataDir = path.join(tmp('chef-trust-target-'), 'data');
    folders.push(path.dirname(dataDir));
    const database = backend.name === 'postgres' ? await createDatabase(backend.adminUrl!) : undefined;
    return { dataDir, database, databaseUrl: database ? withDatabase(backend.adminUrl!, database) : undefined };
  }
  async function refused(file: string, trustUnencrypted = true) {
    const t = await target();
    try {
      const err = await restoreBackup(
        file,
        { dataDir: t.dataDir, databaseUrl: t.databaseUrl, jwtSecretFromEnv: TEST_JWT_SECRET },
        { trustUnencrypted },
      ).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(RestoreRefused);
      // Nothing of it is left in the folder.
      expect(fs.existsSync(t.dataDir)).toBe(false);
      return (err as Error).message;
    } finally {
      if (t.database) await dropDatabase(backend.adminUrl!, t.database);
    }
  }

  it('refuses an unencrypted backup unless the chef names the risk', async () => {
    expect(await refused(backupFile, false)).toMatch(
      /is not encrypted, so nothing proves that this server made it: .* run the restore again with --trust-unencrypted-backup\.$/,
    );
  });

  it(
    'refuses a data.sql that makes a member the owner through a statement, or adds a table',
    { timeout: 300_000 },
    async () => {
      const owner = `\nUPDATE public.user_roles SET role = 'owner';\nINSERT INTO public.user_roles (user_id, role) VALUES ((SELECT '${memberId}'::uuid), 'owner');\n`;
      expect(await refused(await tampered('update.tar.gz', (s) => append(s, owner)))).toMatch(
        /^database\/data\.sql, line \d+: a statement that is not an INSERT of rows \("UPDATE public\.user_roles SET/,
      );
      const sub = `\nINSERT INTO public.user_roles (user_id, role) VALUES ((SELECT '${memberId}'::uuid), 'owner');\n`;
      expect(await refused(await tampered('sub.tar.gz', (s) => append(s, sub)))).toMatch(
        /a value that is not a literal/,
      );
      const call = `\nINSERT INTO public.user_roles (user_id, role) VALUES ('${memberId}', pg_catalog.format('owner'));\n`;
      expect(await refused(await tampered('call.tar.gz', (s) => append(s, call)))).toMatch(
        /a value that is not a literal/,
      );
      const extra = `\nCREATE TABLE public.extra (x integer);\nINSERT INTO public.extra (x) VALUES (1);\n`;
      expect(await refused(await tampered('extra.tar.gz', (s) => append(s, extra)))).toMatch(
        /a statement that is not an INSERT of rows \("CREATE TABLE/,
      );
      const elsewhere = `\nINSERT INTO pg_catalog.pg_authid (rolname) VALUES ('x');\n`;
      expect(await refused(await tampered('catalog.tar.gz', (s) => append(s, elsewhere)))).toMatch(
        /rows for pg_catalog\.pg_authid, which is not one of the product's tables/,
      );
      const twoStatements = `\nINSERT INTO public.user_roles (user_id, role) VALUES ('${memberId}', 'owner'); DROP TABLE public.bookings;\n`;
      expect(await refused(await tampered('two.tar.gz', (s) => append(s, twoStatements)))).toMatch(
        /a statement that is not an INSERT of rows \("DROP TABLE/,
      );
    },
  );

  it('requires every table of the product in the manifest, each with its checksum', { timeout: 120_000 }, async () => {
    const noSum = await tampered(
      'nosum.tar.gz',
      (s) => s,
      (m) => {
        const { ['public.user_roles']: _gone, ...checksums } = m.checksums;
        return { ...m, checksums };
      },
    );
    expect(await refused(noSum)).toMatch(
      /^The backup's manifest does not list the product's tables: public\.user_roles is missing or has no checksum\.$/,
    );
    const extraTable = await tampered(
      'extratable.tar.gz',
      (s) => s,
      (m) => ({ ...m, tables: { ...m.tables, 'public.extra': 0 }, checksums: { ...m.checksums, 'public.extra': 'x' } }),
    );
    expect(await refused(extraTable)).toMatch(/public\.extra is not one of them/);
  });

  it('restores an untouched unencrypted backup with the flag, the member still a member', async () => {
    const t = await target();
    try {
      await restoreBackup(backupFile, { dataDir: t.dataDir, databaseUrl: t.databaseUrl }, { trustUnencrypted: true });
      const again = await startTestServer(backend, {
        dataDir: t.dataDir,
        database: t.database,
        env: { JWT_SECRET: '', BACKUP_INTERVAL_HOURS: '0' },
      });
      try {
        const roles = await client(again, again.serviceKey)
          .from('user_roles')
          .select('user_id, role')
          .eq('user_id', memberId);
        expect(roles.data).toEqual([]);
      } finally {
        await again.stop();
      }
    } finally {
      if (t.database) await dropDatabase(backend.adminUrl!, t.database);
    }
  }, 120_000);
});

describe('npm run restore ends cleanly and privately', () => {
  it('a bad entry name: a clear message, exit 1, no work folder left', async () => {
    const dir = tmp('chef-trust-cli-');
    folders.push(dir);
    const file = path.join(dir, 'bad.tar.gz');
    const pack = tar.pack();
    pack.entry({ name: 'keys.json' }, '{}');
    pack.entry({ name: 'storage/../../escape.txt' }, 'x'.repeat(5000));
    pack.entry({ name: 'manifest.json' }, '{}');
    pack.finalize();
    await new Promise<void>((resolve, reject) =>
      pack
        .pipe(zlib.createGzip())
        .pipe(fs.createWriteStream(file))
        .on('finish', () => resolve())
        .on('error', reject),
    );
    const tmpDir = path.join(dir, 'tmp');
    fs.mkdirSync(tmpDir);
    const r = await run(['restore', file, '--trust-unencrypted-backup'], {
      DATA_DIR: path.join(dir, 'data'),
      TMPDIR: tmpDir,
    });
    expect(r.code).toBe(1);
    expect(r.out.trim()).toBe(
      `${file} holds an unexpected entry (storage/../../escape.txt): not a backup made by this product.`,
    );
    expect(fs.readdirSync(tmpDir).filter((n) => n.startsWith('chef-'))).toEqual([]);
    expect(fs.existsSync(path.join(dir, 'data'))).toBe(false);
  });

  it('a restored folder is private from the first moment; --latest skips a name in the future', async () => {
    const dir = tmp('chef-trust-private-');
    folders.push(dir);
    const backupDir = path.join(dir, 'backups');
    const server = await startTestServer(
      { name: 'pglite' },
      { env: { BACKUP_INTERVAL_HOURS: '0', BACKUP_DIR: backupDir } },
    );
    let made: string;
    try {
      made = (await server.backups.run('manual')).file;
    } finally {
      await server.stop();
    }
    // A file named in the future (a clock that was ahead) that is not a backup.
    fs.writeFileSync(path.join(backupDir, 'chef-backup-2999-01-01T00-00-00-000Z.tar.gz'), 'not a backup');
    const dataDir = path.join(dir, 'restored');
    const r = await run(['restore', '--latest', '--trust-unencrypted-backup'], {
      DATA_DIR: dataDir,
      BACKUP_DIR: backupDir,
    });
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain('Skipped chef-backup-2999-01-01T00-00-00-000Z.tar.gz: it is dated in the future');
    expect(r.out).toContain(`The newest complete backup in ${backupDir}: ${path.basename(made)}`);
    const open: string[] = [];
    const walk = (p: string) => {
      const st = fs.lstatSync(p);
      if ((st.mode & 0o077) !== 0) open.push(`${path.relative(dataDir, p) || '.'} ${(st.mode & 0o777).toString(8)}`);
      if (st.isDirectory()) for (const n of fs.readdirSync(p)) walk(path.join(p, n));
    };
    walk(dataDir);
    expect(open).toEqual([]);
  }, 120_000);
});

describe('rotation', () => {
  it('deletes only backups this server wrote, by when they ran; never the one just made; reports a name in the future', async () => {
    const dir = tmp('chef-trust-rotate-');
    folders.push(dir);
    const backupDir = path.join(dir, 'backups');
    fs.mkdirSync(backupDir);
    // Files named in the future (a clock that was ahead), and a copy the chef put beside the backups.
    const future = ['chef-backup-2999-01-01T00-00-00-000Z.tar.gz', 'chef-backup-2999-01-02T00-00-00-000Z.tar.gz'];
    for (const n of future) fs.writeFileSync(path.join(backupDir, n), 'from a clock that was ahead');
    const copy = 'chef-backup-2020-01-01T00-00-00-000Z.tar.gz';
    fs.writeFileSync(path.join(backupDir, copy), 'a copy from elsewhere');
    const lines: string[] = [];
    const server = await startTestServer(
      { name: 'pglite' },
      { env: { BACKUP_DIR: backupDir, BACKUP_KEEP: '1' }, log: (l) => lines.push(l) },
    );
    try {
      const made: string[] = [];
      for (let i = 0; i < 3; i++) made.push((await server.backups.run('scheduled')).file);
      expect(fs.readdirSync(backupDir).sort()).toEqual([copy, path.basename(made[2]!), ...future].sort());
      expect((await client(server, server.serviceKey).rpc('backup_status')).data).toMatchObject({
        last_good_file: made[2],
      });
      expect(fs.existsSync(made[2]!)).toBe(true);
      expect(lines.filter((l) => l.includes('is dated in the future'))).toHaveLength(6);
    } finally {
      await server.stop();
    }
    // Without the server's record, rotation deletes no backup at all (only a cut-off temporary file).
    expect((await rotateBackups(backupDir, 1)).removed).toEqual([]);
  }, 120_000);
});
