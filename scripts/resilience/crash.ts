import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import fc from 'fast-check';
import {
  api,
  booking,
  multipart,
  request,
  start,
  tinyPng,
  type Running,
  type ScenarioResult,
  type Target,
} from './product.ts';

/**
 * Scenario 5, `kill -9`: `kills` times, the server is killed at a random (seeded) moment while
 * clients stream booking inserts and upload photos, then started again with nobody's help. After
 * each restart every acknowledged booking and photo must be there; at the end no stored file may
 * lack its row and no row may point at a missing file. Temp files left by cut uploads are counted.
 */
const BUCKET = 'community_recipes';

export async function crash(target: Target, opts: { kills: number; seed: number }): Promise<ScenarioResult> {
  const t0 = Date.now();
  const delays = fc.sample(fc.integer({ min: 150, max: 1500 }), { seed: opts.seed, numRuns: Math.max(1, opts.kills) });
  const run = `crash-${Date.now()}`;
  const ackedBookings: string[] = [];
  const ackedFiles: string[] = [];
  const lost: string[] = [];
  const startFailures: string[] = [];
  let restarts = 0;
  let maxStartMs = 0;
  const png = await tinyPng();

  const verify = async (server: Running, when: string) => {
    const present = new Set<string>();
    for (let i = 0; i < ackedBookings.length; i += 200) {
      const chunk = ackedBookings.slice(i, i + 200);
      const r = await api(
        server,
        server.serviceKey,
        'GET',
        `/rest/v1/bookings?select=idempotency_key&idempotency_key=in.(${chunk.join(',')})`,
      );
      for (const row of r.json as { idempotency_key: string }[]) present.add(row.idempotency_key);
    }
    for (const k of ackedBookings) if (!present.has(k)) lost.push(`${when}: booking ${k}`);
    const listed = await listNames(server, run);
    for (const f of ackedFiles) if (!listed.has(f)) lost.push(`${when}: photo ${f}`);
  };

  let server: Running | undefined;
  try {
    for (let i = 0; i <= opts.kills; i++) {
      const s0 = Date.now();
      try {
        server = await start(target, { timeoutMs: 60_000 });
      } catch (err) {
        startFailures.push(String((err as Error).message).slice(0, 400));
        break;
      }
      maxStartMs = Math.max(maxStartMs, Date.now() - s0);
      if (i > 0) restarts++;
      await verify(server, `after restart ${i}`);
      if (i === opts.kills) break;

      // The stream: booking inserts and an upload burst, until the kill.
      const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
      let killed = false;
      const s = server;
      const headers = { apikey: s.anonKey, authorization: `Bearer ${s.anonKey}` };
      const inserter = async () => {
        while (!killed) {
          const key = randomUUID();
          const a = await request(s.url, {
            method: 'POST',
            path: '/rest/v1/bookings',
            headers: { ...headers, 'content-type': 'application/json', prefer: 'return=minimal' },
            body: JSON.stringify(booking({ idempotency_key: key, message: run })),
            agent,
          });
          if (a.status === 201) ackedBookings.push(key);
          else if (a.reset === undefined && a.status !== 0) await new Promise((r) => setTimeout(r, 5));
        }
      };
      const uploader = async () => {
        while (!killed) {
          const name = `${randomUUID()}.png`;
          const m = multipart(png);
          const a = await request(s.url, {
            method: 'POST',
            path: `/storage/v1/object/${BUCKET}/${run}/${name}`,
            headers: { ...headers, 'content-type': m.contentType },
            body: m.body,
            agent,
          });
          if (a.status === 200) ackedFiles.push(name);
        }
      };
      const workers = [...Array.from({ length: 8 }, inserter), ...Array.from({ length: 4 }, uploader)];
      await new Promise((r) => setTimeout(r, delays[i]!));
      killed = true; // no new requests; those under way meet the kill
      await s.kill();
      await Promise.all(workers);
      agent.destroy();
      server = undefined;
    }

    // Files and rows agree.
    let orphanFiles: string[] = [];
    let missingFiles: string[] = [];
    let tempFiles = 0;
    if (server) {
      const rows = await listNames(server, run);
      const dir = path.join(target.dataDir, 'storage', BUCKET, run);
      const files = new Set(fs.existsSync(dir) ? fs.readdirSync(dir) : []);
      orphanFiles = [...files].filter((f) => !rows.has(f));
      missingFiles = [...rows].filter((f) => !files.has(f));
      const tmp = path.join(target.dataDir, '.storage-tmp');
      tempFiles = fs.existsSync(tmp) ? fs.readdirSync(tmp).length : 0;
      await server.stop();
      server = undefined;
    }
    const ok =
      lost.length === 0 &&
      startFailures.length === 0 &&
      restarts === opts.kills &&
      orphanFiles.length === 0 &&
      missingFiles.length === 0;
    return {
      scenario: 'Crash (kill -9)',
      database: target.name,
      did: `${restarts} kill -9 + restart during booking inserts and an upload burst (seed ${opts.seed}); ${ackedBookings.length} bookings and ${ackedFiles.length} photos acknowledged`,
      found:
        `${lost.length} acknowledged lost, ${orphanFiles.length} files without a row, ${missingFiles.length} rows without a file, ` +
        `${startFailures.length} start-ups that needed a hand (slowest start ${(maxStartMs / 1000).toFixed(1)} s); ${tempFiles} temp files left`,
      ok,
      seconds: (Date.now() - t0) / 1000,
      details: {
        lost: lost.slice(0, 50),
        startFailures,
        orphanFiles: orphanFiles.slice(0, 50),
        missingFiles: missingFiles.slice(0, 50),
        tempFiles,
      },
    };
  } finally {
    await server?.stop();
  }
}

async function listNames(server: Running, prefix: string): Promise<Set<string>> {
  const names = new Set<string>();
  for (let offset = 0; ; offset += 1000) {
    const r = await api(server, server.serviceKey, 'POST', `/storage/v1/object/list/${BUCKET}`, {
      prefix,
      limit: 1000,
      offset,
    });
    const rows = (r.json ?? []) as { name: string }[];
    if (!Array.isArray(rows)) throw new Error(`list failed: ${r.status} ${r.body.slice(0, 200)}`);
    for (const row of rows) names.add(row.name);
    if (rows.length < 1000) break;
  }
  return names;
}
