import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { createBackup, datedName, listBackups, rotateBackups, type BackupKeys, type BackupResult } from './backup.ts';

/**
 * The running server's backups: the schedule (BACKUP_INTERVAL_HOURS into BACKUP_DIR, keeping
 * BACKUP_KEEP), and the control socket `npm run backup` talks to while the server holds the
 * database (on PGlite no other process may open it; server/src/data-dir/lock.ts). Every run, good or
 * failed, is recorded in private.backup_runs for the console (public.backup_status()) and logged.
 */

/** The control socket, in DATA_DIR (a folder only the server's user can enter). */
export const CONTROL_SOCKET = 'control.sock';

export interface BackupRequest {
  op: 'backup';
  /** Absolute path; without it, a dated file in BACKUP_DIR. */
  file?: string;
  passphrase?: string;
}

export type BackupAnswer = { ok: true; file: string; bytes: number } | { ok: false; error: string };

export interface BackupService {
  run(kind: 'scheduled' | 'manual', file?: string, passphrase?: string): Promise<BackupResult>;
  stop(): Promise<void>;
}

export async function recordRun(
  db: Db,
  run: { startedAt: Date; kind: 'scheduled' | 'manual'; result?: BackupResult; error?: string },
) {
  await db.tx(null, (sql) =>
    sql(`insert into private.backup_runs (started_at, ok, kind, file, bytes, error) values ($1, $2, $3, $4, $5, $6)`, [
      run.startedAt.toISOString(),
      !run.error,
      run.kind,
      run.result?.file ?? null,
      run.result?.bytes ?? null,
      run.error ?? null,
    ]),
  );
}

export async function startBackupService(opts: {
  db: Db;
  config: Config;
  keys: BackupKeys;
  log: (line: string) => void;
}): Promise<BackupService> {
  const { db, config, keys, log } = opts;
  const source = { db, dataDir: config.dataDir, databaseUrl: config.databaseUrl, pgDump: config.pgDump, keys };
  // One backup at a time: a second request waits for the first.
  let queue: Promise<unknown> = Promise.resolve();
  const run = (kind: 'scheduled' | 'manual', file?: string, passphrase?: string): Promise<BackupResult> => {
    const next = queue.then(async () => {
      const startedAt = new Date();
      const pass = passphrase ?? config.backup.passphrase;
      const target = file ?? path.join(config.backup.dir, datedName(Boolean(pass), startedAt));
      try {
        const result = await createBackup(source, target, { passphrase: pass });
        await recordRun(db, { startedAt, kind, result }).catch((err: unknown) =>
          log(`backup: could not record the run: ${(err as Error).message}`),
        );
        if (kind === 'scheduled') {
          // The files this server wrote, newest run first; the one just made is always kept.
          const written = await db.tx(null, (sql) =>
            sql<{ file: string }>(
              `select file from private.backup_runs where ok and file is not null order by started_at desc, finished_at desc`,
            ),
          );
          const rotated = await rotateBackups(config.backup.dir, config.backup.keep, {
            written: written.rows.map((r) => r.file),
            justMade: result.file,
          });
          for (const f of rotated.future)
            log(
              `backup: ${f} is dated in the future (a clock that was ahead, or a copy from another machine); it is never taken as the newest backup and never rotated: move it away if it is not needed`,
            );
        }
        log(`backup: ${result.file} (${result.bytes} bytes)`);
        return result;
      } catch (err) {
        const error = (err as Error).message;
        console.error(`backup FAILED (${kind}, ${target}): ${error}`);
        await recordRun(db, { startedAt, kind, error }).catch(() => {});
        throw err;
      }
    });
    queue = next.catch(() => {});
    return next;
  };

  // The schedule: the next backup is due one interval after the newest in BACKUP_DIR (at once,
  // a minute after start, when there is none or it is overdue), so restarts do not put it off.
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const intervalMs = config.backup.intervalHours * 3600_000;
  const schedule = async () => {
    if (stopped || intervalMs <= 0) return;
    const newest = (await listBackups(config.backup.dir))[0];
    const last = newest ? fs.statSync(newest).mtimeMs : 0;
    const wait = Math.max(60_000, last + intervalMs - Date.now());
    timer = setTimeout(
      () => {
        void run('scheduled')
          .catch(() => {})
          .finally(() => void schedule());
      },
      Math.min(wait, 2 ** 31 - 1),
    );
    timer.unref();
  };
  await schedule();

  // The control socket: one JSON line in, one JSON line out.
  const socketPath = path.join(config.dataDir, CONTROL_SOCKET);
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((conn) => {
    let buf = '';
    conn.setEncoding('utf8');
    conn.on('data', (d: string) => {
      buf += d;
      if (buf.length > 64 * 1024) conn.destroy();
      const nl = buf.indexOf('\n');
      if (nl < 0) return;
      let req: BackupRequest;
      try {
        req = JSON.parse(buf.slice(0, nl)) as BackupRequest;
      } catch {
        conn.end(JSON.stringify({ ok: false, error: 'not a request' }) + '\n');
        return;
      }
      if (
        req.op !== 'backup' ||
        (req.file !== undefined && (typeof req.file !== 'string' || !path.isAbsolute(req.file)))
      ) {
        conn.end(JSON.stringify({ ok: false, error: 'unknown request' }) + '\n');
        return;
      }
      run('manual', req.file, typeof req.passphrase === 'string' ? req.passphrase : undefined).then(
        (r) => conn.end(JSON.stringify({ ok: true, file: r.file, bytes: r.bytes } satisfies BackupAnswer) + '\n'),
        (err: unknown) =>
          conn.end(JSON.stringify({ ok: false, error: (err as Error).message } satisfies BackupAnswer) + '\n'),
      );
    });
    conn.on('error', () => {});
  });
  // Created with no access for others from the first moment, then made 0600 explicitly. Without
  // it (a DATA_DIR path longer than a socket's name may be) the server still runs, and says so.
  let socketInode: number | undefined;
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => resolve());
    });
    fs.chmodSync(socketPath, 0o600);
    socketInode = fs.statSync(socketPath).ino;
    server.unref();
  } catch (err) {
    console.error(
      `backup control socket ${socketPath} unavailable (${(err as Error).message}): npm run backup will need the server stopped`,
    );
  } finally {
    process.umask(umask);
  }

  return {
    run,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      if (socketInode !== undefined) {
        await new Promise<void>((resolve) => server.close(() => resolve()));
        // Only our own: another server on the same DATA_DIR (PostgreSQL) may have made its own since.
        if (fs.statSync(socketPath, { throwIfNoEntry: false })?.ino === socketInode)
          fs.rmSync(socketPath, { force: true });
      }
      await queue;
    },
  };
}

/** Asks the server on DATA_DIR to make a backup; undefined when no server answers there. */
export function askServer(dataDir: string, req: BackupRequest): Promise<BackupAnswer | undefined> {
  const socketPath = path.join(dataDir, CONTROL_SOCKET);
  if (!fs.existsSync(socketPath)) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const conn = net.connect(socketPath);
    let buf = '';
    let connected = false;
    conn.setEncoding('utf8');
    conn.on('connect', () => {
      connected = true;
      conn.write(JSON.stringify(req) + '\n');
    });
    conn.on('data', (d: string) => (buf += d));
    conn.on('end', () => {
      try {
        resolve(JSON.parse(buf) as BackupAnswer);
      } catch {
        reject(new Error('The server closed the control socket without an answer.'));
      }
    });
    conn.on('error', (err: NodeJS.ErrnoException) => {
      // A socket left by a server that is gone: nobody answers.
      if (!connected && (err.code === 'ECONNREFUSED' || err.code === 'ENOENT')) resolve(undefined);
      else reject(err);
    });
  });
}
