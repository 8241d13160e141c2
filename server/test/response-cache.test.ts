import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { SignJWT } from 'jose';
import { backends, freshAddress, startTestServer, TEST_JWT_SECRET, type TestServer } from './support/backend.ts';

/**
 * The in-memory answers to anonymous reads (docs/decisions/0012-response-cache.md): byte for byte
 * what the database would answer, never older than the last committed change, and never shared
 * with another role.
 */
const LIST = 'community_recipes?select=id,title,status,created_at&status=eq.approved&order=created_at.desc';

const recipe = (title: string, status = 'approved') => ({
  title,
  description: 'A test recipe.',
  ingredients: 'Salt',
  instructions: 'Stir',
  submitted_by: 'Test',
  image_url: null,
  status,
});

describe.each(backends)('response cache on $name', (backend) => {
  let server: TestServer;
  let direct: pg.Client | undefined;
  let memberToken: string;

  /** SQL typed straight into the database: another connection on PostgreSQL; on PGlite its one connection. */
  const sql = async (text: string) => {
    if (direct) await direct.query(text);
    else await server.db.exec(text);
  };

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const r = await fetch(`${server.url}/rest/v1/${path}`, {
      headers: { apikey: server.anonKey, 'X-Forwarded-For': freshAddress(), ...headers },
    });
    const body = await r.text();
    const h: Record<string, string | null> = {};
    for (const name of ['content-type', 'content-range', 'content-length']) h[name] = r.headers.get(name);
    return { status: r.status, headers: h, body };
  };

  const write = async (method: string, path: string, body: unknown) => {
    const r = await fetch(`${server.url}/rest/v1/${path}`, {
      method,
      headers: {
        apikey: server.serviceKey,
        Authorization: `Bearer ${server.serviceKey}`,
        'Content-Type': 'application/json',
        Prefer: 'return=representation',
      },
      body: JSON.stringify(body),
    });
    expect(r.status, await r.clone().text()).toBeLessThan(300);
    return (await r.json()) as { id: string }[];
  };

  /** Changes a row without notifying (the trigger off), to tell a kept answer from a fresh one. */
  const silently = async (statement: string) => {
    await sql(`begin; alter table public.community_recipes disable trigger notify_table_change; ${statement};
               alter table public.community_recipes enable trigger notify_table_change; commit`);
  };
  /**
   * Waits until reads of the recipe titled `title` are kept: a change made without a notification
   * (`silently`) then goes unseen. Ends with a notification, so the next read is fresh.
   */
  const untilKept = async (
    title: string,
    { tries, everyMs, failure }: { tries: number; everyMs: number; failure: string },
  ) => {
    const probe = `community_recipes?select=description&title=eq.${encodeURIComponent(title)}`;
    for (let i = 0; ; i++) {
      const kept = await get(probe);
      await get(probe);
      await silently(`update public.community_recipes set description = 'probe ${i}' where title = '${title}'`);
      if ((await get(probe)).body === kept.body) break;
      if (i > tries) throw new Error(failure);
      await new Promise((r) => setTimeout(r, everyMs));
    }
    await sql(`select pg_notify('table_change', 'community_recipes')`);
  };

  const titles = (body: string) => (JSON.parse(body) as { title: string }[]).map((r) => r.title);

  beforeAll(async () => {
    server = await startTestServer(backend);
    if (server.config.databaseUrl) {
      direct = new pg.Client({ connectionString: server.config.databaseUrl });
      await direct.connect();
    }
    const now = Math.floor(Date.now() / 1000);
    memberToken = await new SignJWT({ role: 'authenticated', sub: crypto.randomUUID(), aud: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    await write('POST', 'community_recipes', [recipe('Cached one'), recipe('Cached two'), recipe('Hidden', 'pending')]);
    // The listener starts with the server: wait until a read is kept (a quiet change goes unseen).
    await untilKept('Cached one', { tries: 50, everyMs: 100, failure: 'the response cache never started' });
  });
  afterAll(async () => {
    await direct?.end();
    await server?.stop();
  });

  it('answers a repeated anonymous read from memory, byte for byte as the database did', async () => {
    const variants: [string, Record<string, string>][] = [
      [LIST, {}],
      [LIST, { Prefer: 'count=exact' }],
      [LIST, { Range: '0-0', Prefer: 'count=exact' }],
      [`${LIST}&limit=1`, { Accept: 'application/vnd.pgrst.object+json' }],
      ['community_recipes?select=*', {}],
      ['community_recipes?select=title&title=eq.Hidden', {}],
    ];
    for (const [path, headers] of variants) {
      const first = await get(path, headers);
      const second = await get(path, headers);
      expect(second, `${path} ${JSON.stringify(headers)}`).toEqual(first);
    }
    // Proof that the second answer came from memory: a change made without notifying is not seen…
    const before = await get(LIST);
    await silently(`update public.community_recipes set title = 'Renamed quietly' where title = 'Cached one'`);
    expect((await get(LIST)).body).toBe(before.body);
    // …until a notification says the table changed; then the answer is the database's again.
    await sql(`select pg_notify('table_change', 'community_recipes')`);
    const after = await get(LIST);
    expect(titles(after.body)).toContain('Renamed quietly');
    await silently(`update public.community_recipes set title = 'Cached one' where title = 'Renamed quietly'`);
    await sql(`select pg_notify('table_change', 'community_recipes')`);
  });

  it('shows an approval made through the API to the very next request', async () => {
    for (let i = 0; i < 10; i++) {
      const [row] = await write('POST', 'community_recipes', [recipe(`Approved later ${i}`, 'pending')]);
      expect(titles((await get(LIST)).body)).not.toContain(`Approved later ${i}`);
      await write('PATCH', `community_recipes?id=eq.${row!.id}`, { status: 'approved' });
      expect(titles((await get(LIST)).body)).toContain(`Approved later ${i}`);
    }
  });

  it('shows an update typed straight into the database to the very next request', async () => {
    for (let i = 0; i < 25; i++) {
      const title = `Typed ${i}`;
      expect(titles((await get(LIST)).body)).not.toContain(title);
      await sql(
        `update public.community_recipes set title = '${title}' where title in ('Cached two', 'Typed ${i - 1}')`,
      );
      const body = (await get(LIST)).body;
      expect(titles(body)).toContain(title);
      expect(titles(body)).not.toContain('Cached two');
    }
    await sql(`update public.community_recipes set title = 'Cached two' where title = 'Typed 24'`);
  });

  it('never serves an answer older than a change committed before the request, under concurrent reads', async () => {
    let stop = false;
    const readers = Array.from({ length: 8 }, async () => {
      while (!stop) await get(LIST);
    });
    try {
      for (let i = 0; i < 20; i++) {
        const [row] = await write('POST', 'community_recipes', [recipe(`Race ${i}`, 'pending')]);
        await sql(`update public.community_recipes set status = 'approved' where id = '${row!.id}'`);
        expect(titles((await get(LIST)).body)).toContain(`Race ${i}`);
        await write('DELETE', `community_recipes?id=eq.${row!.id}`, undefined);
        expect(titles((await get(LIST)).body)).not.toContain(`Race ${i}`);
      }
    } finally {
      stop = true;
      await Promise.all(readers);
    }
  });

  it.runIf(backend.name === 'postgres')(
    'reads the database while its listening connection is lost, and keeps again once back',
    async () => {
      const path = `community_recipes?select=description&title=eq.Cached%20two`;
      await get(path);
      const kept = await get(path);
      // This test's database only: the listening session's last statement is its LISTEN or a sync's `select 1`.
      await sql(`select pg_terminate_backend(pid) from pg_stat_activity
                where datname = current_database() and pid <> pg_backend_pid() and (query ilike 'listen %' or query = 'select 1')`);
      await silently(`update public.community_recipes set description = 'while deaf' where title = 'Cached two'`);
      expect((await get(path)).body).not.toBe(kept.body);
      expect((await get(path)).body).toContain('while deaf');
      // Back within seconds: a quiet change is then unseen again (the answer is kept).
      await untilKept('Cached two', { tries: 60, everyMs: 200, failure: 'the response cache did not come back' });
    },
  );

  it('keeps nothing for signed-in members or the service role', async () => {
    const asMember = { Authorization: `Bearer ${memberToken}` };
    const asService = { apikey: server.serviceKey, Authorization: `Bearer ${server.serviceKey}` };
    await get(LIST, asMember);
    await get('community_recipes?select=title', asService);
    await silently(`update public.community_recipes set title = 'Quiet rename' where title = 'Cached one'`);
    expect(titles((await get(LIST, asMember)).body)).toContain('Quiet rename');
    expect(titles((await get('community_recipes?select=title', asService)).body)).toContain('Quiet rename');
    await silently(`update public.community_recipes set title = 'Cached one' where title = 'Quiet rename'`);
    await sql(`select pg_notify('table_change', 'community_recipes')`);
  });

  it('never shares an answer across keys or roles: a pending recipe stays hidden from anon', async () => {
    const service = await get('community_recipes?select=title&status=eq.pending', {
      apikey: server.serviceKey,
      Authorization: `Bearer ${server.serviceKey}`,
    });
    expect(titles(service.body)).toContain('Hidden');
    const anon = await get('community_recipes?select=title&status=eq.pending');
    expect(titles(anon.body)).toEqual([]);
  });

  it('answers bookings to anon exactly as row-level security does, kept or not', async () => {
    const first = await get('bookings?select=*');
    const second = await get('bookings?select=*');
    expect(second).toEqual(first);
    expect(first.status).toBe(401);
  });
});
