import { randomUUID } from 'node:crypto';
import { api, booking, inspect, start, StartError, type Running, type ScenarioResult, type Target } from './product.ts';

/**
 * Scenario 6, two servers on one data folder: while one runs, a second is started on the same
 * folder (and database). On PGlite, where the server process is the database, it must refuse
 * with a clear message. On PostgreSQL the database arbitrates between servers (running several
 * is how the API scales out), so the second may run: both then take writes. Either way nothing
 * may be lost or corrupted: every acknowledged booking is there after a restart, and every btree
 * index agrees with its table (amcheck's bt_index_check with heapallindexed, and counts by index
 * scan against a sequential scan).
 */
export async function twoServers(target: Target): Promise<ScenarioResult> {
  const t0 = Date.now();
  const acked: string[] = [];
  const problems: string[] = [];
  let refusal = '';
  const insert = async (s: Running, n: number) => {
    for (let i = 0; i < n; i++) {
      const key = randomUUID();
      const r = await api(
        s,
        s.anonKey,
        'POST',
        '/rest/v1/bookings',
        booking({ idempotency_key: key, message: 'two servers' }),
      );
      if (r.status === 201) acked.push(key);
      else problems.push(`insert answered ${r.status}`);
    }
  };

  const first = await start(target);
  try {
    await insert(first, 40);
    let second: Running | undefined;
    try {
      second = await start(target, { timeoutMs: 60_000 });
    } catch (err) {
      if (!(err instanceof StartError)) throw err;
      if (target.name === 'postgres') problems.push(`the second server could not start: ${err.message.slice(0, 200)}`);
      const lines = err.output
        .trim()
        .split('\n')
        .filter((l) => l.trim());
      refusal = lines.slice(-3).join(' ').slice(0, 300);
      if (err.exitCode === 0 || err.exitCode === null)
        problems.push(`the second server did not exit with an error (${err.exitCode})`);
      if (!/(another|already|lock|in use|running)/i.test(err.output))
        problems.push(`the refusal does not say why: ${refusal}`);
    }
    if (second) {
      if (target.name === 'pglite') problems.push('the second server started');
      else refusal = 'both ran (PostgreSQL arbitrates)';
      await insert(second, 40);
      await insert(first, 40);
      await second.stop();
    }
    await insert(first, 40);
  } finally {
    await first.stop();
  }

  // Alone again: every acknowledged booking is there.
  const alone = await start(target);
  try {
    const present = new Set<string>();
    for (let i = 0; i < acked.length; i += 100) {
      const chunk = acked.slice(i, i + 100);
      const r = await api(
        alone,
        alone.serviceKey,
        'GET',
        `/rest/v1/bookings?select=idempotency_key&idempotency_key=in.(${chunk.join(',')})`,
      );
      for (const row of r.json as { idempotency_key: string }[]) present.add(row.idempotency_key);
    }
    const lost = acked.filter((k) => !present.has(k)).length;
    if (lost) problems.push(`${lost} of ${acked.length} acknowledged bookings lost`);
  } finally {
    await alone.stop();
  }

  // Indexes agree with their tables.
  const corrupt: string[] = [];
  let indexes = 0;
  await inspect(target, async (q) => {
    await q(`create extension if not exists amcheck`);
    const list = await q<{ index: string; table: string }>(
      `select i.indexrelid::regclass::text as index, i.indrelid::regclass::text as table
         from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
         join pg_namespace n on n.oid = c.relnamespace
        where a.amname = 'btree' and n.nspname in ('public', 'auth', 'storage')`,
    );
    for (const { index, table } of list) {
      indexes++;
      try {
        await q(`select bt_index_check('${index}'::regclass, true)`);
      } catch (err) {
        corrupt.push(`${index}: ${(err as Error).message.slice(0, 120)}`);
      }
      // The count through the index against the count of the heap.
      const [seq] = await q<{ n: number }>(`select count(*)::int as n from ${table}`);
      const cols = await q<{ col: string }>(
        `select a.attname as col from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
          where i.indexrelid = '${index}'::regclass`,
      );
      if (cols[0]) {
        await q(`set enable_seqscan = off`);
        await q(`set enable_bitmapscan = off`);
        const [byIndex] = await q<{ n: number }>(
          `select count(*)::int as n from (select 1 from ${table} order by "${cols[0].col}") s`,
        );
        await q(`reset enable_seqscan`);
        await q(`reset enable_bitmapscan`);
        if (byIndex && seq && byIndex.n !== seq.n)
          corrupt.push(`${index}: ${byIndex.n} rows by index scan, ${seq.n} by sequential scan`);
      }
    }
  });
  if (corrupt.length) problems.push(`${corrupt.length} indexes disagree with their tables`);
  return {
    scenario: 'Two servers, one data folder',
    database: target.name,
    did: `a second server started on the running one's data folder${target.name === 'postgres' ? ' and database' : ''}; ${acked.length} bookings acknowledged around it; restart alone; ${indexes} btree indexes checked (amcheck heapallindexed, index vs sequential counts)`,
    found: problems.length
      ? problems.join('; ')
      : `${target.name === 'pglite' ? `refused: “${refusal}”` : refusal}; nothing lost, no index corrupt`,
    ok: problems.length === 0,
    seconds: (Date.now() - t0) / 1000,
    details: { refusal, problems, corrupt },
  };
}
