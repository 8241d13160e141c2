import { createHash } from 'node:crypto';
import { inspect, multipart, start, tinyPng, type Running, type ScenarioResult, type Target } from './product.ts';
import { setUpMatrix } from './rls-setup.ts';
import { TABLES } from './rls-tables.ts';
import { BUCKETS, markerValue, sameValue, type Op, type Row, type Rule } from './rls-expectations.ts';

/**
 * Scenario 1, the RLS matrix: every table and bucket × anon, member, owner (when the database has
 * the owner role), service role × select, insert, update, upsert, delete, with and without
 * filters, through the HTTP API. Each check compares the rows a role saw or changed (read back
 * with the service role) with the rows the expectations allow: a row beyond them is a leak, a row
 * short of them a refusal that should not be.
 */
interface Check {
  what: string;
  expected: string[];
  actual: string[];
  leak: boolean;
  short: boolean;
}

export async function rlsMatrix(target: Target): Promise<ScenarioResult> {
  const t0 = Date.now();
  const server = await start(target);
  const checks: Check[] = [];
  let tablesInDb: string[] = [];
  let bucketsInDb: string[] = [];
  try {
    const { svc, columnsOf, roles, as, ids, spare, stamp } = await setUpMatrix(server);
    let n = 0;

    // Tables side by side (each one's checks in order): they share nothing but the users and the
    // rows made above. Tables whose rows are there already (settings, views) after them, one by one.
    const matrixOf = async (exp: (typeof TABLES)[number]) => {
      const columns = await columnsOf(exp.table, exp.marker);
      if (columns === undefined) return; // not in this database (checked against the catalog below)
      const marker = columns[0] ?? exp.marker[0]!;
      const key = exp.key;
      const seed = async (row: Row) => {
        const r = await svc('POST', `/rest/v1/${exp.table}`, row, { prefer: 'return=representation' });
        if (r.status >= 300) throw new Error(`seeding ${exp.table}: ${r.status} ${r.body}`);
        return (r.json as Row[])[0]!;
      };
      const read = async (id: unknown) => {
        const r = await svc('GET', `/rest/v1/${exp.table}?select=*&${key}=eq.${encodeURIComponent(String(id))}`);
        return (r.json as Row[])[0];
      };
      const allowed = (rule: Rule, row: Row) => (rule === 'all' ? true : rule === 'none' ? false : rule(row));
      const record = (what: string, expected: string[], actual: string[]) => {
        const leak = actual.some((a) => !expected.includes(a));
        const short = expected.some((e) => !actual.includes(e));
        checks.push({ what, expected, actual, leak, short });
      };

      for (const who of roles) {
        const rules = exp.rules[who.role];
        // Fresh rows of every kind for this role.
        const kinds = exp.rows(await ids(exp));
        if (exp.table === 'user_roles') await svc('DELETE', `/rest/v1/user_roles?user_id=eq.${spare.id}`);
        const seeded: Row[] = [];
        for (const k of kinds) {
          if (!exp.existing) {
            seeded.push(await seed(k));
            continue;
          }
          // A row the database makes on first use (a site document) is made here by the service role.
          seeded.push((await read(k[key])) ?? (await seed(k)));
        }
        const label = (r: Row) => String(r[key]);

        // select, without and with a filter
        const all = await as(who, 'GET', `/rest/v1/${exp.table}?select=*`);
        const seen = Array.isArray(all.json)
          ? (all.json as Row[]).map(label).filter((id) => seeded.some((s) => label(s) === id))
          : [];
        record(`${exp.table} ${who.role} select`, seeded.filter((s) => allowed(rules.select, s)).map(label), seen);
        for (const s of seeded) {
          const one = await as(who, 'GET', `/rest/v1/${exp.table}?select=*&${key}=eq.${encodeURIComponent(label(s))}`);
          const got = Array.isArray(one.json) ? (one.json as Row[]).map(label) : [];
          record(`${exp.table} ${who.role} select filtered`, allowed(rules.select, s) ? [label(s)] : [], got);
        }

        // update: with a filter on each row, and without any filter (always refused)
        for (const s of seeded) {
          const value = markerValue(marker, n++);
          await as(who, 'PATCH', `/rest/v1/${exp.table}?${key}=eq.${encodeURIComponent(label(s))}`, {
            [marker]: value,
          });
          const after = await read(s[key]);
          record(
            `${exp.table} ${who.role} update`,
            allowed(rules.update, s) ? [label(s)] : [],
            after && sameValue(after[marker], value) ? [label(s)] : [],
          );
        }
        {
          const value = markerValue(marker, n++);
          await as(who, 'PATCH', `/rest/v1/${exp.table}`, { [marker]: value });
          const changed: string[] = [];
          for (const s of seeded) {
            const after = await read(s[key]);
            if (after && sameValue(after[marker], value)) changed.push(label(s));
          }
          record(`${exp.table} ${who.role} update without filter`, [], changed);
        }

        // upsert: the row again, with its key and a new marker, merging on conflict
        for (const s of seeded) {
          const value = markerValue(marker, n++);
          const body = { ...s, [marker]: value };
          await as(who, 'POST', `/rest/v1/${exp.table}`, body, {
            prefer: 'resolution=merge-duplicates,return=minimal',
          });
          const after = await read(s[key]);
          record(
            `${exp.table} ${who.role} upsert`,
            allowed(rules.upsert, s) ? [label(s)] : [],
            after && sameValue(after[marker], value) ? [label(s)] : [],
          );
        }

        // insert: one of each kind, as the role would send it, found again by a column it may write
        const insertMarker =
          exp.insertMarker ?? (columns.includes(marker) && marker !== 'granted_at' ? marker : undefined);
        for (const k of exp.rows(await ids(exp))) {
          // A row keyed by user (user_roles) must not be there already for its insert to count.
          if (exp.table === 'user_roles') await svc('DELETE', `/rest/v1/user_roles?user_id=eq.${spare.id}`);
          const value = insertMarker ? markerValue(insertMarker, n++) : '';
          const row = {
            ...(exp.insertable ? exp.insertable(k) : k),
            ...(insertMarker ? { [insertMarker]: value } : {}),
          };
          const r = await as(who, 'POST', `/rest/v1/${exp.table}`, row, { prefer: 'return=minimal' });
          let stored = false;
          if (insertMarker) {
            const found = await svc(
              'GET',
              `/rest/v1/${exp.table}?select=${key}&${insertMarker}=eq.${encodeURIComponent(value)}`,
            );
            stored = Array.isArray(found.json) && found.json.length > 0;
          } else {
            stored = r.status === 201;
          }
          record(`${exp.table} ${who.role} insert`, allowed(rules.insert, row) ? ['row'] : [], stored ? ['row'] : []);
        }
        // The rows the delete checks need, as they were seeded.
        for (const s of seeded) {
          if (!(await read(s[key])))
            await svc('POST', `/rest/v1/${exp.table}`, s, { prefer: 'resolution=merge-duplicates' });
        }

        // delete: without a filter (always refused), then each row by its key
        {
          await as(who, 'DELETE', `/rest/v1/${exp.table}`);
          const gone: string[] = [];
          for (const s of seeded) if (!(await read(s[key]))) gone.push(label(s));
          record(`${exp.table} ${who.role} delete without filter`, [], gone);
        }
        for (const s of seeded) {
          await as(who, 'DELETE', `/rest/v1/${exp.table}?${key}=eq.${encodeURIComponent(label(s))}`);
          const gone = !(await read(s[key]));
          record(`${exp.table} ${who.role} delete`, allowed(rules.delete, s) ? [label(s)] : [], gone ? [label(s)] : []);
        }
        // A row that was there before the matrix is put back.
        if (exp.existing) {
          for (const s of seeded) {
            if (await read(s[key])) continue;
            const back = await svc('POST', `/rest/v1/${exp.table}`, s);
            if (back.status >= 300)
              throw new Error(`putting back ${exp.table} ${label(s)}: ${back.status} ${back.body}`);
          }
        }
      }
    };
    await Promise.all(TABLES.filter((e) => !e.existing).map(matrixOf));
    for (const exp of TABLES.filter((e) => e.existing)) await matrixOf(exp);

    // Buckets: objects under a prefix of the matrix's own; changes read back by the service role.
    const png = await tinyPng();
    const sharp = (await import('sharp')).default;
    const otherPng = await sharp({ create: { width: 9, height: 9, channels: 3, background: { r: 10, g: 90, b: 200 } } })
      .png()
      .toBuffer();
    const hash = (s: string) => createHash('sha256').update(s).digest('hex');
    for (const exp of BUCKETS) {
      const objectPath = (name: string) => `/storage/v1/object/${exp.bucket}/${name}`;
      const upload = (
        who: { key: string; token: string },
        method: 'POST' | 'PUT',
        name: string,
        bytes: Buffer,
        upsert = false,
      ) => {
        const m = multipart(bytes);
        return as(who, method, objectPath(name), m.body, {
          'content-type': m.contentType,
          ...(upsert ? { 'x-upsert': 'true' } : {}),
        });
      };
      const serviceWho = { key: server.serviceKey, token: server.serviceKey };
      const content = async (name: string) => {
        const r = await svc('GET', `/storage/v1/object/authenticated/${exp.bucket}/${name}`);
        return r.status === 200 ? hash(r.body) : undefined;
      };
      for (const who of roles) {
        const rules = exp.rules[who.role];
        const prefix = `rls-${who.role}-${stamp}`;
        const name = `${prefix}/seed.png`;
        const seeded = await upload(serviceWho, 'POST', name, png);
        if (seeded.status !== 200) throw new Error(`seeding ${exp.bucket}: ${seeded.status} ${seeded.body}`);
        const original = await content(name);

        const listed = await as(who, 'POST', `/storage/v1/object/list/${exp.bucket}`, { prefix, limit: 100 });
        const names = Array.isArray(listed.json) ? (listed.json as { name: string }[]).map((o) => o.name) : [];
        checks.push(
          check(
            `${exp.bucket} ${who.role} select (list)`,
            rules.select === 'all' ? ['seed.png'] : [],
            names.filter((x) => x === 'seed.png'),
          ),
        );
        const unfiltered = await as(who, 'POST', `/storage/v1/object/list/${exp.bucket}`, { prefix: '', limit: 1000 });
        const top = Array.isArray(unfiltered.json) ? (unfiltered.json as { name: string }[]).map((o) => o.name) : [];
        checks.push(
          check(
            `${exp.bucket} ${who.role} select (list, no prefix)`,
            rules.select === 'all' ? [prefix] : [],
            top.filter((x) => x === prefix),
          ),
        );
        const got = await as(who, 'GET', `/storage/v1/object/authenticated/${exp.bucket}/${name}`);
        checks.push(
          check(
            `${exp.bucket} ${who.role} select (download)`,
            rules.select === 'all' ? ['seed.png'] : [],
            got.status === 200 ? ['seed.png'] : [],
          ),
        );

        await upload(who, 'POST', `${prefix}/new.png`, otherPng);
        checks.push(
          check(
            `${exp.bucket} ${who.role} insert`,
            rules.insert === 'all' ? ['new.png'] : [],
            (await content(`${prefix}/new.png`)) ? ['new.png'] : [],
          ),
        );
        await upload(who, 'PUT', name, otherPng);
        checks.push(
          check(
            `${exp.bucket} ${who.role} update`,
            rules.update === 'all' ? ['seed.png'] : [],
            (await content(name)) !== original ? ['seed.png'] : [],
          ),
        );
        await upload(serviceWho, 'PUT', name, png);
        const reset = await content(name);
        await upload(who, 'POST', name, otherPng, true);
        checks.push(
          check(
            `${exp.bucket} ${who.role} upsert`,
            rules.upsert === 'all' ? ['seed.png'] : [],
            (await content(name)) !== reset ? ['seed.png'] : [],
          ),
        );
        await as(who, 'DELETE', `/storage/v1/object/${exp.bucket}`, { prefixes: [name] });
        checks.push(
          check(
            `${exp.bucket} ${who.role} delete`,
            rules.delete === 'all' ? ['seed.png'] : [],
            (await content(name)) ? [] : ['seed.png'],
          ),
        );
      }
    }
  } finally {
    await server.stop();
  }
  // Every table and bucket in the database must have expectations.
  await inspect(target, async (q) => {
    tablesInDb = (
      await q<{ relname: string }>(
        `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f') order by 1`,
      )
    ).map((r) => r.relname);
    bucketsInDb = (await q<{ id: string }>(`select id from storage.buckets order by 1`)).map((r) => r.id);
  });
  const unlisted = [
    ...tablesInDb.filter((t) => !TABLES.some((e) => e.table === t)),
    ...bucketsInDb.filter((b) => !BUCKETS.some((e) => e.bucket === b)).map((b) => `bucket ${b}`),
  ];
  const leaks = checks.filter((c) => c.leak);
  const short = checks.filter((c) => c.short);
  const roleNames = [...new Set(checks.map((c) => c.what.split(' ')[1]))].join(', ');
  return {
    scenario: 'RLS matrix',
    database: target.name,
    did: `${checks.length} checks: ${tablesInDb.length} tables + ${bucketsInDb.length} bucket × ${roleNames} × select/insert/update/upsert/delete, with and without filters`,
    found: `${leaks.length} leaks, ${short.length} wrongly refused${unlisted.length ? `, no expectations for ${unlisted.join(', ')}` : ''}`,
    ok: leaks.length === 0 && short.length === 0 && unlisted.length === 0,
    seconds: (Date.now() - t0) / 1000,
    details: { leaks, wronglyRefused: short, unlisted, checks: checks.length },
  };
}

function check(what: string, expected: string[], actual: string[]): Check {
  return {
    what,
    expected,
    actual,
    leak: actual.some((a) => !expected.includes(a)),
    short: expected.some((e) => !actual.includes(e)),
  };
}

export type { Running, Op };
