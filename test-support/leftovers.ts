import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A run (`vitest run`, `npm run bench`, `npm run resilience`) that must leave nothing behind. It
 * gets a fresh, empty temp folder (TMPDIR, which every child inherits, so os.tmpdir() is it) and a
 * marker (CHEF_RUN, a random hex id, in every child's environment and in the name of every database
 * it makes). At the end, `finish` lists what is left: processes whose environment carries the marker,
 * entries in the temp folder, databases whose name carries it. It then removes them all, so even a
 * failed run leaves the machine clean, and returns the list; the caller fails the run when it is not
 * empty. The whole check: docs/decisions/0050-tests-set-up-and-leave-nothing.md.
 */
export interface Run {
  id: string;
  dir: string;
  /** What was left behind (empty when nothing), after removing it. */
  finish(): Promise<string[]>;
}

/** The file in a run's folder that names the process that owns the run. */
const OWNER = '.chef-run-owner';

/**
 * Runs whose owner is gone (killed from outside: a CI time limit, `timeout`, a closed terminal) never
 * reached their end: the next run removes what they left.
 */
async function sweepAbandonedRuns() {
  const base = os.tmpdir();
  for (const name of fs.readdirSync(base)) {
    const m = /^chef-run-[a-z]+-([0-9a-f]{8})$/.exec(name);
    if (!m || Date.now() - fs.statSync(path.join(base, name)).mtimeMs < 60_000) continue; // new: its owner may not have written its pid yet
    let owner = NaN;
    try {
      owner = Number(fs.readFileSync(path.join(base, name, OWNER), 'utf8'));
      process.kill(owner, 0);
      continue; // still running
    } catch (err) {
      if (Number.isInteger(owner) && (err as NodeJS.ErrnoException).code === 'EPERM') continue;
    }
    await leftProcesses(m[1]!, 0);
    await leftDatabases(m[1]!);
    fs.rmSync(path.join(base, name), { recursive: true, force: true });
  }
}

/** Caches other tools keep in the temp folder on purpose, shared with runs outside this one. */
const KEPT = [`tsx-${process.geteuid?.() ?? os.userInfo().username}`];

/** The admin URLs on which runs create databases. */
const adminUrls = () =>
  [process.env.TEST_DATABASE_URL, process.env.RESILIENCE_DATABASE_URL, process.env.BENCH_DATABASE_URL].filter(
    (u): u is string => !!u,
  );

export function beginRun(label: string): Run {
  // A run inside another one (the resilience suite's short version in the server tests) is the outer run's.
  if (process.env.CHEF_RUN) return { id: process.env.CHEF_RUN, dir: os.tmpdir(), finish: async () => [] };
  const outerTmp = process.env.TMPDIR;
  void sweepAbandonedRuns();
  const id = randomBytes(4).toString('hex');
  const dir = path.join(os.tmpdir(), `chef-run-${label}-${id}`);
  fs.mkdirSync(dir, { mode: 0o700 });
  fs.writeFileSync(path.join(dir, OWNER), String(process.pid));
  // tsx keeps its compile cache in the temp folder: it goes on using the machine's one, through a link.
  for (const name of KEPT) {
    fs.mkdirSync(path.join(os.tmpdir(), name), { recursive: true });
    fs.symlinkSync(path.join(os.tmpdir(), name), path.join(dir, name));
  }
  process.env.TMPDIR = dir;
  process.env.CHEF_RUN = id;
  return {
    id,
    dir,
    async finish() {
      const left = [...(await leftProcesses(id)), ...leftFiles(dir), ...(await leftDatabases(id))];
      fs.rmSync(dir, { recursive: true, force: true });
      if (outerTmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = outerTmp;
      delete process.env.CHEF_RUN;
      return left;
    },
  };
}

/** Processes other than this one whose environment carries CHEF_RUN=id; waits a little for ones on their way out, kills the rest. */
async function leftProcesses(id: string, waitMs = 5000): Promise<string[]> {
  if (process.platform !== 'linux') return [];
  const marker = `\0CHEF_RUN=${id}\0`;
  const find = () => {
    const found: { pid: number; command: string }[] = [];
    for (const entry of fs.readdirSync('/proc')) {
      const pid = Number(entry);
      if (!Number.isInteger(pid) || pid === process.pid) continue;
      try {
        if (!`\0${fs.readFileSync(`/proc/${pid}/environ`, 'latin1')}`.includes(marker)) continue;
        const state = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        if (state.slice(state.lastIndexOf(')') + 2).startsWith('Z')) continue; // exited, not yet reaped
        found.push({
          pid,
          command: fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim().slice(0, 160),
        });
      } catch {
        // Gone meanwhile, or not ours to read.
      }
    }
    return found;
  };
  // The runner's own workers may still be closing.
  let left = find();
  for (let i = 0; i < waitMs / 100 && left.length > 0; i++) {
    await new Promise((r) => setTimeout(r, 100));
    left = find();
  }
  for (const { pid } of left) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone meanwhile.
    }
  }
  return left.map((p) => `process ${p.pid}: ${p.command}`);
}

function leftFiles(dir: string): string[] {
  try {
    const kept = (name: string) =>
      name === OWNER || (KEPT.includes(name) && fs.lstatSync(path.join(dir, name)).isSymbolicLink());
    return fs
      .readdirSync(dir)
      .filter((name) => !kept(name))
      .map((name) => `temp entry: ${name}`);
  } catch {
    return [];
  }
}

async function leftDatabases(id: string): Promise<string[]> {
  const left: string[] = [];
  for (const url of new Set(adminUrls())) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      const { rows } = await client.query<{ datname: string }>(
        `select datname from pg_database where datname like $1`,
        [`%\\_${id}\\_%`],
      );
      for (const { datname } of rows) {
        await client.query(`drop database if exists ${datname} with (force)`);
        left.push(`database ${datname} on ${new URL(url).host}`);
      }
    } catch (err) {
      left.push(`databases on ${new URL(url).host} not checked: ${(err as Error).message}`);
    } finally {
      await client.end().catch(() => {});
    }
  }
  return left;
}

/** The lines a run prints when it left something behind. */
export function describeLeftovers(what: string, left: string[]): string {
  return `${what} left ${left.length} thing(s) behind (now removed):\n${left.map((l) => `  - ${l}`).join('\n')}`;
}

/**
 * Runs a script's `main` as a checked run (`npm run bench`, `npm run resilience`): afterwards, passed
 * or failed, what it left is removed and listed, and the exit code says so.
 */
export async function checkedRun(label: string, main: () => Promise<void>): Promise<void> {
  const run = beginRun(label);
  try {
    await main();
  } finally {
    const left = await run.finish();
    if (left.length > 0) {
      console.error(`\n${describeLeftovers(`npm run ${label}`, left)}`);
      process.exitCode = 1;
    }
  }
}
