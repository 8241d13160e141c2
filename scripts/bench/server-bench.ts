import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase, dropDatabase, withDatabase } from '../../test-support/databases.ts';
import { compare, comparisonLines, type Baseline, type Figures } from './baseline.ts';
import { rawLimit, type RawLimit } from './raw-limit.ts';
import { CONNECTIONS, measure, SCENARIOS, type LoadFigures, type Scenario } from './server-load.ts';
import { startProduct, stopProduct, type Started } from './server.ts';

/**
 * The server part of `npm run bench` (alone: `npm run bench -- --server-only`): the machine's raw limit
 * (a bare node:http server answering the list's own bytes, scripts/bench/raw-limit.ts) at each
 * scenario's connection count, measured before each database, then every scenario of scripts/bench/server-load.ts on PGlite and, when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set, on PostgreSQL, in one run; each figure as a share of
 * that raw limit, compared with scripts/bench/baseline.json (docs/decisions/0057).
 *
 * Options: --database pglite|postgres (one of them), --only list,bookings (some scenarios),
 * --write-baseline (the baseline becomes this run's figures; commit it saying why), --duration S.
 */
export const BASELINE = path.resolve(import.meta.dirname, 'baseline.json');
const LIST_PATH = '/rest/v1/community_recipes?select=*&status=eq.approved&order=created_at.desc';

export interface ServerBenchOptions {
  args: string[];
  duration: number;
}

type Table = Record<string, LoadFigures & { ofRaw: number }>;

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

async function postgres(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const admin = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!admin) return null;
  const name = await createDatabase(admin, 'bench');
  return { url: withDatabase(admin, name), drop: () => dropDatabase(admin, name) };
}

async function scenarios(
  s: Started,
  which: Scenario[],
  limits: Map<number, RawLimit>,
  duration: number,
): Promise<Table> {
  const out: Table = {};
  for (const scenario of which) {
    const f = await measure(s, scenario, duration);
    out[scenario] = { ...f, ofRaw: Math.round((f.rps / limits.get(CONNECTIONS[scenario])!.rps) * 10000) / 10000 };
  }
  return out;
}

/** The figures a baseline keeps: every share of raw and p99, and the inserts' absolute rate. */
export function figuresOf(database: string, table: Table): Figures {
  const out: Figures = {};
  for (const [scenario, f] of Object.entries(table)) {
    out[`${database}.${scenario}.ofRaw`] = f.ofRaw;
    out[`${database}.${scenario}.p99`] = f.p99;
    if (scenario === 'bookings') out[`${database}.${scenario}.rps`] = f.rps;
  }
  return out;
}

export async function serverBench({ args, duration }: ServerBenchOptions): Promise<Record<string, unknown>> {
  const only = option(args, 'only')?.split(',') ?? [...SCENARIOS];
  const which = SCENARIOS.filter((s) => only.includes(s));
  const database = option(args, 'database');
  const results: Record<string, unknown> = {};
  const limits = new Map<number, RawLimit>();
  const figures: Figures = {};
  if (database !== 'postgres') {
    const product = await startProduct({});
    try {
      await measureRaw(product, which, duration, limits);
      results.rawLimit = [...limits.values()];
      console.log(
        `\nServer on PGlite (${duration} s each; ofRaw = requests a second / the raw limit at the same connections):`,
      );
      const table = await scenarios(product, which, limits, duration);
      console.table(table);
      results.serverPglite = table;
      Object.assign(figures, figuresOf('pglite', table));
    } finally {
      await stopProduct(product);
    }
  }
  const pg = database === 'pglite' ? null : await postgres();
  if (pg) {
    const product = await startProduct({ DATABASE_URL: pg.url });
    try {
      // Measured again: minutes have passed, and on a shared machine the neighbours have moved.
      await measureRaw(product, which, duration, limits);
      results.rawLimitPostgres = [...limits.values()];
      console.log(`\nServer on PostgreSQL (${duration} s each):`);
      const table = await scenarios(product, which, limits, duration);
      console.table(table);
      results.serverPostgres = table;
      Object.assign(figures, figuresOf('postgres', table));
    } finally {
      await stopProduct(product);
      await pg.drop();
    }
  } else if (database !== 'pglite') {
    console.log('\n(PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to a superuser connection URL.)');
  }
  results.serverFigures = figures;
  const machine = `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, load ${os.loadavg()[0]!.toFixed(1)}`;
  if (args.includes('--write-baseline')) {
    const baseline: Baseline = {
      note: option(args, 'write-baseline-note') ?? 'See the commit that wrote this file for why the baseline moved.',
      date: new Date().toISOString(),
      machine,
      rawLimit: Object.fromEntries([...limits.values()].map((l) => [`${l.connections} conn`, l.rps])),
      figures,
    };
    fs.writeFileSync(BASELINE, JSON.stringify(baseline, null, 2) + '\n');
    console.log(
      `\nWrote ${path.relative(process.cwd(), BASELINE)}: commit it with a message that says why the baseline moved.`,
    );
  } else if (fs.existsSync(BASELINE)) {
    const baseline = JSON.parse(fs.readFileSync(BASELINE, 'utf8')) as Baseline;
    const rows = compare(figures, baseline.figures);
    console.log(
      `\nAgainst the baseline of ${baseline.date.slice(0, 10)} (${baseline.machine}); this machine: ${machine}:`,
    );
    for (const line of comparisonLines(rows)) console.log(`  ${line}`);
    results.regressions = rows.filter((r) => r.regression).map((r) => r.name);
  }
  return results;
}

/** The raw limit at each connection count the scenarios use, answering the list's own bytes. */
async function measureRaw(s: Started, which: Scenario[], duration: number, limits: Map<number, RawLimit>) {
  const body = await (await fetch(s.url + LIST_PATH, { headers: { apikey: s.anonKey } })).text();
  for (const connections of new Set(which.map((w) => CONNECTIONS[w])))
    limits.set(connections, await rawLimit(body, connections, duration));
  console.log(
    `\nRaw limit: bare node:http answering the same ${Buffer.byteLength(body)} bytes of JSON (${duration} s each):`,
  );
  console.table(
    Object.fromEntries(
      [...limits.values()].map((l) => [`${l.connections} conn`, { rps: l.rps, p50: l.p50, p99: l.p99 }]),
    ),
  );
}
