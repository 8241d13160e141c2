import fs from 'node:fs';
import v8 from 'node:v8';
import type { Db, Sql } from './types.ts';
import { lockDataFolder } from '../data-dir/lock.ts';
import { GroupCommit } from './group-commit.ts';
import { onceMessage } from './inline-params.ts';
import { HOSTED_STATEMENT_TIMEOUTS, oneStatement, roleStatement } from './statements.ts';

/** The PGlite adapter: PostgreSQL compiled to WebAssembly, in the server's process, on a folder. */
const PGLITE_SHARED_BUFFERS = '16MB';

/**
 * Creates a new PGlite database folder in a short-lived child process. initdb runs in a WebAssembly
 * instance of its own whose memory the process never gives back to the system (hundreds of megabytes
 * of resident memory); in a child it is gone when the child exits, and the server opens a ready folder.
 */
async function initdbInChild(dataDir: string): Promise<void> {
  const pglite = import.meta.resolve('@electric-sql/pglite');
  const script = `const { PGlite } = await import(${JSON.stringify(pglite)});
const db = new PGlite(process.argv[1]);
await db.waitReady;
await db.close();`;
  const { spawn } = await import('node:child_process');
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script, dataDir], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`Could not create the database in ${dataDir}: ${stderr.trim() || `exit code ${code}`}`)),
    );
  });
}

/**
 * PGlite's file system (Emscripten's NODEFS) has no fsync: PostgreSQL's flush of the WAL at commit
 * reaches a function that does nothing, and PGlite starts with `-F` (fsync off) besides. With
 * `fsync`, the server starts PostgreSQL without `-F`, has it flush the WAL with fsync() (the one
 * call Emscripten hands to the file system), and gives NODEFS's files an fsync that is Node's: each
 * commit's WAL reaches the disk before the commit is answered, as on PostgreSQL
 * (docs/decisions/0020-backups-and-durability.md; server/test/fsync.test.ts counts them).
 */
function pgliteFsyncParams(defaults: string[], fsync: boolean): string[] {
  return fsync ? [...defaults.filter((p) => p !== '-F'), '-c', 'wal_sync_method=fsync'] : defaults;
}

interface NodeFsStream {
  nfd?: number;
}

function giveNodeFsAnFsync(pg: unknown) {
  const nodefs = (pg as { Module?: { NODEFS?: { stream_ops?: { fsync?: (s: NodeFsStream) => number } } } }).Module
    ?.NODEFS;
  if (!nodefs?.stream_ops)
    throw new Error('PGlite: cannot reach its file system to make fsync work (set PGLITE_FSYNC=false to run without)');
  nodefs.stream_ops.fsync = (stream) => {
    if (typeof stream.nfd === 'number') fs.fsyncSync(stream.nfd);
    return 0;
  };
}

export async function openPglite(dataDir: string, opts: { fsync?: boolean } = {}): Promise<Db> {
  const fsync = opts.fsync ?? true;
  // PostgreSQL in WebAssembly, compiled by V8's baseline compiler only: the optimising tier's code
  // holds much more memory at rest for a small gain in booking inserts (reads are answered from
  // memory either way; the figures are in docs/decisions/0016-memory-at-rest.md). Set before PGlite compiles its
  // module; it concerns WebAssembly only, and PGlite is the only WebAssembly the server runs.
  v8.setFlagsFromString('--liftoff-only');
  const { PGlite } = await import('@electric-sql/pglite');
  fs.mkdirSync(dataDir, { recursive: true });
  // One process per folder (server/src/data-dir/lock.ts): taken before PGlite reads a byte.
  const unlock = lockDataFolder(dataDir);
  let db: InstanceType<typeof PGlite>;
  try {
    if (!fs.existsSync(`${dataDir}/PG_VERSION`)) await initdbInChild(dataDir);
    db = new PGlite(dataDir, {
      // The cache of table pages; PostgreSQL's default (128 MB) is sized for a database server,
      // ours holds a few megabytes of rows. Only the cache: writes and their durability are the same.
      startParams: [
        ...pgliteFsyncParams(PGlite.defaultStartParams, fsync),
        '-c',
        `shared_buffers=${PGLITE_SHARED_BUFFERS}`,
      ],
    });
    await db.waitReady;
    if (fsync) {
      giveNodeFsAnFsync(db);
      // What start-up wrote before the file system could flush (recovery after a crash): to disk now.
      await db.exec('checkpoint');
    }
    // JSON timestamps in UTC, as on hosted Supabase.
    await db.exec(`set timezone to 'UTC'`);
  } catch (err) {
    unlock();
    throw err;
  }
  // A WAL record written and flushed (PostgreSQL 17's `flush` argument): every commit before it is
  // then on the disk.
  const group = fsync
    ? new GroupCommit(async () => {
        await db.exec(`select pg_logical_emit_message(false, 'chef-group-commit', '', true)`);
      })
    : undefined;
  const api: Db = {
    kind: 'pglite',
    statementTimeouts: new Map(Object.entries(HOSTED_STATEMENT_TIMEOUTS)),
    async tx(claims, fn) {
      // PGlite has one connection; its transaction() serialises callers.
      return db.transaction(async (t) => {
        const query = async (text: string, params?: unknown[]) => {
          const r = await t.query(text, params);
          return { rows: r.rows as never[], rowCount: r.affectedRows ?? r.rows.length };
        };
        const sql = Object.assign(query, {
          script: async (text: string) => {
            await t.exec(text);
          },
        }) as Sql;
        if (claims) await t.exec(roleStatement(claims, api.statementTimeouts));
        return fn(sql);
      });
    },
    once(claims, fn) {
      // The role and the statement in one simple-protocol message: an implicit transaction that
      // commits after the statement or rolls back at its error, one call into PostgreSQL instead of
      // four (begin, role, statement, commit). With fsync on it commits without waiting for the
      // disk and is answered after the next group flush (group-commit.ts).
      const query = async (text: string, params: unknown[] = []) => {
        const message = onceMessage(
          claims,
          api.statementTimeouts,
          text,
          params,
          group ? `, set_config('synchronous_commit', 'off', true)` : '',
        );
        if (message === undefined) return api.tx(claims, (sql) => sql(text, params));
        const statement = async () => {
          const results = await db.exec(message);
          const r = results[results.length - 1]!;
          return { rows: r.rows as never[], rowCount: r.affectedRows ?? r.rows.length };
        };
        return group ? group.submit(statement) : statement();
      };
      return fn(oneStatement(query));
    },
    async exec(script) {
      await db.exec(script);
    },
    async listen(channel, { onNotify }) {
      // In one process PGlite hands a notification to its listeners while it reads the answer to
      // the COMMIT that sent it, before that COMMIT's promise settles: nothing to wait for.
      const unlisten = await db.listen(channel, onNotify);
      return { live: true, sync: () => Promise.resolve(), close: unlisten };
    },
    async copyFolder(dest) {
      // Less for the copy to replay: pages written and the WAL trimmed first.
      await db.exec('checkpoint');
      await db.runExclusive(() => fs.promises.cp(dataDir, dest, { recursive: true }));
    },
    async close() {
      try {
        await db.close();
      } finally {
        unlock();
      }
    },
  };
  return api;
}
