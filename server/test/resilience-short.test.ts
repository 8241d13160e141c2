import { afterAll, describe, expect, it } from 'vitest';
import { freshTarget, type ScenarioResult } from '../../scripts/resilience/product.ts';
import { rlsMatrix } from '../../scripts/resilience/rls.ts';
import { tokens } from '../../scripts/resilience/tokens.ts';
import { fuzz } from '../../scripts/resilience/fuzz.ts';
import { load } from '../../scripts/resilience/load.ts';
import { crash } from '../../scripts/resilience/crash.ts';
import { twoServers } from '../../scripts/resilience/two-servers.ts';
import { takeover } from '../../scripts/resilience/takeover.ts';
import { backends } from './support/backend.ts';

/**
 * The short version of `npm run resilience` (scripts/resilience): each scenario with small counts,
 * against the real server process. The full run and its table: docs/resilience.md.
 */
const disposers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const d of disposers) await d();
});

async function target(name: 'pglite' | 'postgres', adminUrl?: string) {
  const t = await freshTarget(name, {
    adminUrl,
    pgliteTemplate: name === 'pglite',
    // No built site is needed: the scenarios speak to the APIs (and the site's 404s).
    env: {},
  });
  disposers.push(() => t.dispose());
  return t;
}

const expectOk = (r: ScenarioResult) =>
  expect(r.ok, `${r.did} → ${r.found}\n${JSON.stringify(r.details, null, 1).slice(0, 3000)}`).toBe(true);

describe.each(backends)('resilience, short version, on $name', (backend) => {
  // The latency bound (list p99 ≤ 250 ms) is a measurement that needs a quiet machine: it is
  // checked by the full run (npm run resilience), not here, where other test files share the cores.
  it('load: no error, every acknowledged booking once', { timeout: 60_000 }, async () => {
    expectOk(
      await load(await target(backend.name, backend.adminUrl), {
        seconds: 3,
        clients: 16,
        seed: 7,
        listP99LimitMs: Infinity,
      }),
    );
  });

  // Each scenario on a database of its own, side by side: most of their time is waiting (the
  // token scenario waits out the 10 s refresh-token reuse interval).
  it.concurrent('RLS matrix: no leak', { timeout: 120_000 }, async () => {
    expectOk(await rlsMatrix(await target(backend.name, backend.adminUrl)));
  });
  it.concurrent('tokens: every forged or stale token refused', { timeout: 120_000 }, async () => {
    expectOk(await tokens(await target(backend.name, backend.adminUrl)));
  });
  it.concurrent(
    'takeover and megaphone: owner add, mail to strangers, shared photos, spent links',
    { timeout: 120_000 },
    async () => {
      expectOk(await takeover(await target(backend.name, backend.adminUrl)));
    },
  );
  it.concurrent('fuzz: no 500, reset or slow answer', { timeout: 120_000 }, async () => {
    expectOk(await fuzz(await target(backend.name, backend.adminUrl), { count: 400, seed: 7 }));
  });
  it.concurrent('crash: kill -9 loses nothing acknowledged', { timeout: 120_000 }, async () => {
    expectOk(await crash(await target(backend.name, backend.adminUrl), { kills: 2, seed: 7 }));
  });
  it.concurrent('two servers: the second refuses, nothing corrupt', { timeout: 120_000 }, async () => {
    expectOk(await twoServers(await target(backend.name, backend.adminUrl)));
  });
});
