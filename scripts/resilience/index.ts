import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { checkedRun } from '../../test-support/leftovers.ts';
import { freshTarget, ROOT, type ScenarioResult, type Target } from './product.ts';
import { rlsMatrix } from './rls.ts';
import { tokens } from './tokens.ts';
import { fuzz } from './fuzz.ts';
import { load } from './load.ts';
import { crash } from './crash.ts';
import { twoServers } from './two-servers.ts';
import { takeover } from './takeover.ts';
import { backupRestore } from './backup.ts';

/**
 * `npm run resilience`: the product started as the README starts it, on PGlite and (with
 * RESILIENCE_DATABASE_URL, a superuser URL) on PostgreSQL, attacked, loaded and killed; one table of
 * what each scenario did and found, also written to scripts/bench/results/resilience.json.
 *
 * Flags: --only rls,tokens,takeover,fuzz,load,crash,two-servers,backup · --fuzz-count N (10000) · --seed N (fuzz,
 * load and crash timing; default 14) · --load-seconds S (60) · --load-clients N (128) · --crashes N
 * (20 on PGlite) · --pg-crashes N (5) · --no-build · --pglite-only · --postgres-only
 */
const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const flag = (name: string) => args.includes(`--${name}`);
const only = opt('only')?.split(',');
const seed = Number(opt('seed') ?? 14);

export interface Options {
  fuzzCount: number;
  seed: number;
  loadSeconds: number;
  loadClients: number;
  crashes: number;
}

export async function runAll(target: Target, o: Options, wanted?: string[]): Promise<ScenarioResult[]> {
  const scenarios: [string, () => Promise<ScenarioResult>][] = [
    ['rls', () => rlsMatrix(target)],
    ['tokens', () => tokens(target)],
    ['takeover', () => takeover(target)],
    ['fuzz', () => fuzz(target, { count: o.fuzzCount, seed: o.seed })],
    ['load', () => load(target, { seconds: o.loadSeconds, clients: o.loadClients, seed: o.seed })],
    ['crash', () => crash(target, { kills: o.crashes, seed: o.seed })],
    ['two-servers', () => twoServers(target)],
    ['backup', () => backupRestore(target)],
  ];
  const out: ScenarioResult[] = [];
  for (const [name, run] of scenarios) {
    if (wanted && !wanted.includes(name)) continue;
    console.log(`… ${target.name}: ${name}`);
    try {
      const r = await run();
      out.push(r);
    } catch (err) {
      out.push({
        scenario: name,
        database: target.name,
        did: 'did not finish',
        found: String((err as Error).stack ?? err).slice(0, 2000),
        ok: false,
      });
    }
    const last = out[out.length - 1]!;
    console.log(`  ${last.ok ? 'ok  ' : 'FAIL'} ${last.did} → ${last.found}`);
  }
  return out;
}

export function table(results: ScenarioResult[]): string {
  const rows = results.map((r) => [r.database, r.scenario, r.ok ? 'ok' : 'FAIL', r.did, r.found]);
  const head = ['database', 'scenario', 'result', 'did', 'found'];
  const widths = head.map((h, i) => Math.min(i >= 3 ? 70 : 20, Math.max(h.length, ...rows.map((r) => r[i]!.length))));
  const wrap = (s: string, w: number) => {
    const lines: string[] = [];
    for (let rest = s; rest.length > 0 || lines.length === 0; rest = rest.slice(w)) lines.push(rest.slice(0, w));
    return lines;
  };
  const line = (cells: string[]) => {
    const wrapped = cells.map((c, i) => wrap(c, widths[i]!));
    const height = Math.max(...wrapped.map((w) => w.length));
    return Array.from({ length: height }, (_, k) =>
      wrapped.map((w, i) => (w[k] ?? '').padEnd(widths[i]!)).join(' │ '),
    ).join('\n');
  };
  const sep = widths.map((w) => '─'.repeat(w)).join('─┼─');
  return [line(head), sep, ...rows.flatMap((r) => [line(r), sep])].join('\n');
}

async function main() {
  if (!flag('no-build')) execSync('node scripts/ensure.mjs --build', { cwd: ROOT, stdio: 'inherit' });
  const adminUrl = process.env.RESILIENCE_DATABASE_URL;
  const results: ScenarioResult[] = [];
  const common = {
    fuzzCount: Number(opt('fuzz-count') ?? 10_000),
    seed,
    loadSeconds: Number(opt('load-seconds') ?? 60),
    loadClients: Number(opt('load-clients') ?? 128),
  };
  const targets: ('pglite' | 'postgres')[] = [];
  if (!flag('postgres-only')) targets.push('pglite');
  if (adminUrl && !flag('pglite-only')) targets.push('postgres');
  for (const name of targets) {
    const crashes = Number(name === 'pglite' ? (opt('crashes') ?? 20) : (opt('pg-crashes') ?? 5));
    // A fresh database per scenario, so one's leftovers never decide another's result.
    for (const scenario of only ?? ['rls', 'tokens', 'takeover', 'fuzz', 'load', 'crash', 'two-servers', 'backup']) {
      const target = await freshTarget(name, { adminUrl });
      try {
        results.push(...(await runAll(target, { ...common, crashes }, [scenario])));
      } finally {
        await target.dispose();
      }
    }
  }
  if (!adminUrl) console.log('\n(PostgreSQL skipped: set RESILIENCE_DATABASE_URL to a superuser connection URL.)');
  console.log(`\n${table(results)}`);
  fs.mkdirSync(path.join(ROOT, 'scripts/bench/results'), { recursive: true });
  const file = path.join(ROOT, 'scripts/bench/results/resilience.json');
  fs.writeFileSync(file, JSON.stringify({ date: new Date().toISOString(), seed, results }, null, 2) + '\n');
  console.log(`\nWrote ${path.relative(ROOT, file)}`);
  process.exitCode = results.every((r) => r.ok) ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // Nothing left behind: no server, temp folder or database (test-support/leftovers.ts).
  checkedRun('resilience', main).catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
