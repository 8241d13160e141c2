import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  backends,
  client,
  freshAddress,
  startTestServer,
  TEST_JWT_SECRET,
  type TestServer,
} from './support/backend.ts';

const RATE_LIMIT = 5;

function isoDate(daysFromToday: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + daysFromToday);
  return d.toISOString().slice(0, 10);
}

const validBooking = () => ({
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+1 555 0100',
  booking_date: isoDate(30),
  booking_time: '18:30',
  guests: 12,
  service_type: 'Event Catering',
  location: '1 Harbour Street, Bristol',
  message: 'Vegetarian options, please.',
});

const validRecipe = (title = 'Grandma’s jollof') => ({
  title,
  description: 'Smoky party rice.',
  ingredients: 'Rice\nTomatoes\nPeppers',
  instructions: 'Blend\nSimmer\nServe',
  submitted_by: 'Tola',
  image_url: null,
  status: 'pending',
});

async function sign(claims: Record<string, unknown>, secret = TEST_JWT_SECRET, expiresIn = 3600) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresIn)
    .sign(new TextEncoder().encode(secret));
}

function unsignedToken(claims: Record<string, unknown>) {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, exp: Math.floor(Date.now() / 1000) + 3600 })}.`;
}

describe.each(backends)('REST API on $name', (backend) => {
  let server: TestServer;
  let anon: SupabaseClient;
  let service: SupabaseClient;
  let userToken: string;

  /** A raw request, for what supabase-js does not expose (headers, malformed input). */
  const api = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    fetch(`${server.url}/rest/v1/${path}`, {
      ...init,
      headers: { apikey: server.anonKey, 'X-Forwarded-For': freshAddress(), ...init.headers },
    });

  const countAs = async (table: string, filter?: [string, string]) => {
    let q = service.from(table).select('*', { count: 'exact', head: true });
    if (filter) q = q.eq(filter[0], filter[1]);
    const { count, error } = await q;
    expect(error).toBeNull();
    return count;
  };

  beforeAll(async () => {
    server = await startTestServer(backend, {
      env: { RATE_LIMIT_INSERTS: String(RATE_LIMIT), RATE_LIMIT_WINDOW_SECONDS: '600' },
    });
    anon = client(server, server.anonKey);
    service = client(server, server.serviceKey);
    userToken = await sign({
      role: 'authenticated',
      sub: crypto.randomUUID(),
      aud: 'authenticated',
      email: 'm@example.com',
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  describe('bookings', () => {
    it('lets a visitor send a booking that only the service role can read', async () => {
      const booking = { ...validBooking(), name: 'Reader Test' };
      const insert = await client(server, server.anonKey).from('bookings').insert(booking);
      expect(insert.error).toBeNull();
      expect(insert.status).toBe(201);

      const read = await anon.from('bookings').select('*');
      expect(read.status).toBe(401);
      expect(read.error?.code).toBe('42501');

      const member = await client(server, server.anonKey, { accessToken: userToken }).from('bookings').select('*');
      // A member may ask (the owner is a member too), and row-level security answers no rows.
      expect(member.status).toBe(200);
      expect(member.data).toEqual([]);

      const rows = await service.from('bookings').select('*').eq('name', 'Reader Test');
      expect(rows.error).toBeNull();
      expect(rows.data).toHaveLength(1);
      expect(rows.data![0]).toMatchObject({
        ...booking,
        booking_time: '18:30:00',
        status: 'new',
        idempotency_key: null,
      });
      expect(rows.data![0].id).toMatch(/^[0-9a-f-]{36}$/);
    });

    it.each([
      ['no guests', { guests: 0 }],
      ['too many guests', { guests: 101 }],
      ['an unknown service type', { service_type: 'Juggling' }],
      ['a date in the past', { booking_date: isoDate(-10) }],
      ['a blank name', { name: '   ' }],
      ['an overlong name', { name: 'x'.repeat(121) }],
      ['an e-mail without @', { email: 'not-an-email' }],
      ['an overlong message', { message: 'x'.repeat(5001) }],
      ['a blank location', { location: '' }],
    ])('refuses a booking with %s (400, 23514)', async (_label, change) => {
      const r = await client(server, server.anonKey)
        .from('bookings')
        .insert({ ...validBooking(), ...change });
      expect(r.status).toBe(400);
      expect(r.error?.code).toBe('23514');
    });

    it('refuses missing and mistyped values with 400, never 500', async () => {
      const { name: _omit, ...noName } = validBooking();
      const missing = await client(server, server.anonKey).from('bookings').insert(noName);
      expect(missing.status).toBe(400);
      expect(missing.error?.code).toBe('23502');

      const typed = await client(server, server.anonKey)
        .from('bookings')
        .insert({ ...validBooking(), guests: 'many' });
      expect(typed.status).toBe(400);
      expect(typed.error?.code).toBe('22P02');

      const badDate = await client(server, server.anonKey)
        .from('bookings')
        .insert({ ...validBooking(), booking_date: '2030-02-31' });
      expect(badDate.status).toBe(400);
    });

    it('does not let a visitor choose the status', async () => {
      const r = await client(server, server.anonKey)
        .from('bookings')
        .insert({ ...validBooking(), status: 'confirmed' });
      expect(r.status).toBe(401);
      expect(r.error?.code).toBe('42501');
    });

    it('stores a booking once when the same idempotency key is sent twice (the second answers 409)', async () => {
      const key = crypto.randomUUID();
      const booking = { ...validBooking(), idempotency_key: key };
      const first = await client(server, server.anonKey).from('bookings').insert(booking);
      expect(first.status).toBe(201);
      const retry = await client(server, server.anonKey).from('bookings').insert(booking);
      expect(retry.status).toBe(409);
      expect(retry.error?.code).toBe('23505');
      expect(await countAs('bookings', ['idempotency_key', key])).toBe(1);
    });

    it('refuses updates and deletes by visitors and members, and leaves the row alone', async () => {
      const name = `Untouchable ${crypto.randomUUID()}`;
      expect(
        (
          await client(server, server.anonKey)
            .from('bookings')
            .insert({ ...validBooking(), name })
        ).status,
      ).toBe(201);

      const patch = await anon.from('bookings').update({ guests: 99 }).eq('name', name);
      expect(patch.status).toBe(401);
      expect(patch.error?.code).toBe('42501');
      const del = await anon.from('bookings').delete().eq('name', name);
      expect(del.status).toBe(401);
      // A member who is not the owner: row-level security leaves nothing to update or delete.
      const member = client(server, server.anonKey, { accessToken: userToken });
      const memberPatch = await member.from('bookings').update({ status: 'confirmed' }).eq('name', name).select('id');
      expect(memberPatch.status).toBe(200);
      expect(memberPatch.data).toEqual([]);
      const memberDel = await member.from('bookings').delete().eq('name', name).select('id');
      expect(memberDel.status).toBe(200);
      expect(memberDel.data).toEqual([]);

      const rows = await service.from('bookings').select('guests').eq('name', name);
      expect(rows.data).toEqual([{ guests: 12 }]);
    });

    it('lets the service role update and delete, with a filter only', async () => {
      const name = `Service ${crypto.randomUUID()}`;
      await client(server, server.anonKey)
        .from('bookings')
        .insert({ ...validBooking(), name });
      const upd = await service.from('bookings').update({ status: 'contacted' }).eq('name', name).select('status');
      expect(upd.status).toBe(200);
      expect(upd.data).toEqual([{ status: 'contacted' }]);

      const everything = await service.from('bookings').delete();
      expect(everything.status).toBe(400);
      expect(everything.error?.code).toBe('21000');

      const del = await service.from('bookings').delete().eq('name', name);
      expect(del.status).toBe(204);
      expect(await countAs('bookings', ['name', name])).toBe(0);
    });
  });

  describe('community recipes', () => {
    it('accepts a pending recipe, never lists it, and lists it once approved', async () => {
      const title = `Pending ${crypto.randomUUID()}`;
      const insert = await client(server, server.anonKey).from('community_recipes').insert(validRecipe(title));
      expect(insert.error).toBeNull();
      expect(insert.status).toBe(201);

      const hidden = await anon.from('community_recipes').select('*').eq('title', title);
      expect(hidden.data).toEqual([]);
      const hiddenEvenUnfiltered = await anon.from('community_recipes').select('status');
      expect(hiddenEvenUnfiltered.data?.every((r) => r.status === 'approved')).toBe(true);

      const approve = await service.from('community_recipes').update({ status: 'approved' }).eq('title', title);
      expect(approve.status).toBe(204);
      const shown = await anon.from('community_recipes').select('title, submitted_by, status').eq('title', title);
      expect(shown.data).toEqual([{ title, submitted_by: 'Tola', status: 'approved' }]);
    });

    it('refuses a recipe sent as approved (row-level security)', async () => {
      const r = await client(server, server.anonKey)
        .from('community_recipes')
        .insert({ ...validRecipe(), status: 'approved' });
      expect(r.status).toBe(401);
      expect(r.error?.code).toBe('42501');
      expect(r.error?.message).toBe('new row violates row-level security policy for table "community_recipes"');
    });

    it('lists approved recipes newest first', async () => {
      const tag = crypto.randomUUID();
      const rows = [1, 3, 2].map((day) => ({
        ...validRecipe(`${tag} day ${day}`),
        status: 'approved',
        created_at: `2025-01-0${day}T12:00:00Z`,
      }));
      const seeded = await service.from('community_recipes').insert(rows);
      expect(seeded.error).toBeNull();

      const list = await anon
        .from('community_recipes')
        .select('*')
        .eq('status', 'approved')
        .like('title', `${tag}*`)
        .order('created_at', { ascending: false });
      expect(list.error).toBeNull();
      expect(list.data!.map((r) => r.title)).toEqual([`${tag} day 3`, `${tag} day 2`, `${tag} day 1`]);
      expect(list.data![0].created_at).toBe('2025-01-03T12:00:00+00:00');
    });

    it.each([
      ['an overlong title', { title: 'x'.repeat(121) }],
      ['a blank title', { title: '  ' }],
      ['blank ingredients', { ingredients: '\n\t ' }],
      ['blank instructions', { instructions: '' }],
      ['an overlong description', { description: 'x'.repeat(1001) }],
      ['an image URL that is not http(s)', { image_url: 'javascript:alert(1)' }],
      ['an unknown status', { status: 'published' }],
    ])('refuses a recipe with %s (400, 23514)', async (_label, change) => {
      // The service role skips row-level security, so the check constraint itself answers.
      const r = await service.from('community_recipes').insert({ ...validRecipe(), ...change });
      expect(r.status).toBe(400);
      expect(r.error?.code).toBe('23514');
    });

    it('refuses changes by visitors', async () => {
      // Its own recipes, one pending and one approved: both are as they were afterwards.
      const tag = `V${Math.random().toString(36).slice(2, 8)}`;
      const made = await service
        .from('community_recipes')
        .insert([{ ...validRecipe(`${tag} pending`) }, { ...validRecipe(`${tag} approved`), status: 'approved' }]);
      expect(made.error).toBeNull();
      const patch = await anon.from('community_recipes').update({ status: 'approved' }).eq('title', `${tag} pending`);
      expect(patch.status).toBe(401);
      const del = await anon.from('community_recipes').delete().eq('title', `${tag} approved`);
      expect(del.status).toBe(401);
      const { data } = await service
        .from('community_recipes')
        .select('title, status')
        .like('title', `${tag} %`)
        .order('title');
      expect(data).toEqual([
        { title: `${tag} approved`, status: 'approved' },
        { title: `${tag} pending`, status: 'pending' },
      ]);
    });
  });

  describe('query language', () => {
    const tag = `Q${Math.random().toString(36).slice(2, 8)}`;
    beforeAll(async () => {
      const rows = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'].map((word, i) => ({
        ...validRecipe(`${tag} ${word}`),
        status: 'approved',
        submitted_by: i % 2 ? null : `cook ${i}`,
        created_at: `2024-06-0${i + 1}T08:00:00Z`,
      }));
      const r = await service.from('community_recipes').insert(rows);
      expect(r.error).toBeNull();
    });
    const mine = () => anon.from('community_recipes').select('title').like('title', `${tag}*`);
    const titles = (data: { title: string }[] | null) => data?.map((r) => r.title.slice(tag.length + 1));

    it('filters with eq, neq, gt, gte, lt, lte, like, ilike, in, is and not', async () => {
      expect(titles((await mine().eq('title', `${tag} beta`)).data)).toEqual(['beta']);
      expect(titles((await mine().neq('title', `${tag} beta`).order('title')).data)).toEqual([
        'alpha',
        'delta',
        'epsilon',
        'gamma',
      ]);
      expect(titles((await mine().gt('created_at', '2024-06-04T00:00:00Z').order('title')).data)).toEqual([
        'delta',
        'epsilon',
      ]);
      expect(titles((await mine().gte('created_at', '2024-06-04T08:00:00Z').order('title')).data)).toEqual([
        'delta',
        'epsilon',
      ]);
      expect(titles((await mine().lt('created_at', '2024-06-02T08:00:00Z')).data)).toEqual(['alpha']);
      expect(titles((await mine().lte('created_at', '2024-06-02T08:00:00Z').order('title')).data)).toEqual([
        'alpha',
        'beta',
      ]);
      expect(titles((await mine().ilike('title', `${tag.toLowerCase()} G*`)).data)).toEqual(['gamma']);
      expect(
        titles(
          (
            await mine()
              .in('title', [`${tag} alpha`, `${tag} delta`, 'a,b', 'x)y'])
              .order('title')
          ).data,
        ),
      ).toEqual(['alpha', 'delta']);
      expect(titles((await mine().is('submitted_by', null).order('title')).data)).toEqual(['beta', 'delta']);
      expect(titles((await mine().not('submitted_by', 'is', null).order('title')).data)).toEqual([
        'alpha',
        'epsilon',
        'gamma',
      ]);
      expect(
        titles((await mine().not('title', 'in', `(${tag} alpha,${tag} beta,${tag} gamma)`).order('title')).data),
      ).toEqual(['delta', 'epsilon']);
    });

    it('selects and renames columns', async () => {
      const r = await anon.from('community_recipes').select('name:title, by:submitted_by').eq('title', `${tag} alpha`);
      expect(r.data).toEqual([{ name: `${tag} alpha`, by: 'cook 0' }]);
    });

    it('orders, limits, offsets and ranges, with Content-Range', async () => {
      const ordered = await mine()
        .order('submitted_by', { ascending: true, nullsFirst: true })
        .order('title', { ascending: false });
      expect(titles(ordered.data)).toEqual(['delta', 'beta', 'alpha', 'gamma', 'epsilon']);

      const page = await mine().order('created_at', { ascending: false }).range(1, 2);
      expect(titles(page.data)).toEqual(['delta', 'gamma']);
      const limited = await mine().order('created_at').limit(2);
      expect(titles(limited.data)).toEqual(['alpha', 'beta']);

      const counted = await anon
        .from('community_recipes')
        .select('title', { count: 'exact' })
        .like('title', `${tag}*`)
        .order('created_at')
        .range(0, 1);
      expect(counted.count).toBe(5);
      expect(counted.status).toBe(206);

      const raw = await api(`community_recipes?select=title&title=like.${encodeURIComponent(tag)}*&order=created_at`, {
        headers: { Range: '2-3', 'Range-Unit': 'items', Prefer: 'count=exact' },
      });
      expect(raw.headers.get('content-range')).toBe('2-3/5');
      expect(raw.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(((await raw.json()) as { title: string }[]).map((r) => r.title)).toEqual([`${tag} gamma`, `${tag} delta`]);
    });

    it('answers one object for single() and maybeSingle(), and 406 when there is not exactly one', async () => {
      const one = await mine().eq('title', `${tag} beta`).single();
      expect(one.data).toEqual({ title: `${tag} beta` });
      const none = await mine().eq('title', 'nothing').single();
      expect(none.status).toBe(406);
      expect(none.error?.code).toBe('PGRST116');
      const many = await mine().single();
      expect(many.status).toBe(406);
      const maybe = await mine().eq('title', 'nothing').maybeSingle();
      expect(maybe.error).toBeNull();
      expect(maybe.data).toBeNull();
    });

    it('answers bad requests with PostgREST errors as JSON, never 500', async () => {
      const cases: [string, RequestInit & { headers?: Record<string, string> }, number, string][] = [
        ['nope?select=*', {}, 404, 'PGRST205'],
        ['community_recipes?select=nope', {}, 400, '42703'],
        ['community_recipes?select=*&nope=eq.1', {}, 400, '42703'],
        ['community_recipes?select=*&title=approved', {}, 400, 'PGRST100'],
        ['community_recipes?select=*&title=regex.x', {}, 400, 'PGRST100'],
        ['community_recipes?select=*&title=in.x', {}, 400, 'PGRST100'],
        ['community_recipes?select=*&title=is.maybe', {}, 400, 'PGRST100'],
        ['community_recipes?select=*&order=title.sideways', {}, 400, 'PGRST100'],
        ['community_recipes?select=*&order=nope.desc', {}, 400, '42703'],
        ['community_recipes?select=*&limit=-1', {}, 400, 'PGRST100'],
        ['community_recipes?select=*&offset=x', {}, 400, 'PGRST100'],
        ['community_recipes?select=*&created_at=gt.yesterday-ish', {}, 400, '22007'],
        ['community_recipes?select=*&id=eq.not-a-uuid', {}, 400, '22P02'],
        ['community_recipes?select=title,(', {}, 400, 'PGRST100'],
        ['community_recipes?select=x:y:z', {}, 400, 'PGRST100'],
        [
          'community_recipes',
          { method: 'POST', body: '{"title":', headers: { 'Content-Type': 'application/json' } },
          400,
          'PGRST102',
        ],
        [
          'community_recipes',
          { method: 'POST', body: '', headers: { 'Content-Type': 'application/json' } },
          400,
          'PGRST102',
        ],
        [
          'community_recipes',
          { method: 'POST', body: '"text"', headers: { 'Content-Type': 'application/json' } },
          400,
          'PGRST102',
        ],
        ['community_recipes', { method: 'POST', body: '[{"title":"a"},{"description":"b"}]' }, 400, 'PGRST102'],
        ['community_recipes', { method: 'POST', body: '{"nope":1}' }, 400, 'PGRST204'],
        ['community_recipes?select=*', { headers: { 'Accept-Profile': 'auth' } }, 406, 'PGRST106'],
        ['community_recipes?select=*&or=(title.eq.a,title.eq.b)', {}, 400, 'PGRST100'],
        ['rpc/anything', { method: 'POST', body: '{}' }, 404, 'PGRST202'],
      ];
      for (const [path, init, status, code] of cases) {
        const r = await api(path, init);
        const body = (await r.json()) as Record<string, unknown>;
        expect({ path, status: r.status, code: body.code }).toEqual({ path, status, code });
        expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
      }
    });

    it('takes values as data, never as SQL', async () => {
      // A booking of its own, so that a dropped or emptied table would show.
      expect(
        (await service.from('bookings').insert({ ...validBooking(), booking_date: isoDate(44) })).error,
      ).toBeNull();
      const before = await countAs('bookings');
      expect(before).toBeGreaterThanOrEqual(1);
      const r = await anon.from('community_recipes').select('title').eq('title', "x' or '1'='1");
      expect(r.data).toEqual([]);
      expect(r.error).toBeNull();
      const weird = await anon.from('community_recipes').select('title').eq('title', '"; drop table bookings; --');
      expect(weird.error).toBeNull();
      expect(weird.data).toEqual([]);
      expect(await countAs('bookings')).toBe(before);
    });
  });

  describe('keys and tokens', () => {
    const list = (headers: Record<string, string>) => api('community_recipes?select=title&limit=1', { headers });

    it('requires a valid apikey', async () => {
      const missing = await fetch(`${server.url}/rest/v1/community_recipes?select=*`);
      expect(missing.status).toBe(401);
      const wrong = await list({ apikey: await sign({ role: 'anon' }, 'another-secret-another-secret-0123456789') });
      expect(wrong.status).toBe(401);
      expect(((await wrong.json()) as { message: string }).message).toBe('Invalid API key');
      const userAsKey = await list({ apikey: userToken });
      expect(userAsKey.status).toBe(401);
      const viaQuery = await fetch(
        `${server.url}/rest/v1/community_recipes?select=title&limit=1&apikey=${server.anonKey}`,
      );
      expect(viaQuery.status).toBe(200);
    });

    it('refuses forged, expired, alg:none and unknown-role bearer tokens', async () => {
      const forged = await list({
        Authorization: `Bearer ${await sign({ role: 'service_role' }, 'forged-secret-forged-secret-0123456789')}`,
      });
      expect(forged.status).toBe(401);
      expect(((await forged.json()) as { code: string }).code).toBe('PGRST301');

      const expired = await list({
        Authorization: `Bearer ${await sign({ role: 'authenticated', sub: crypto.randomUUID() }, TEST_JWT_SECRET, -60)}`,
      });
      expect(expired.status).toBe(401);
      expect(((await expired.json()) as { code: string }).code).toBe('PGRST303');
      expect(expired.headers.get('www-authenticate')).toContain('invalid_token');

      const none = await list({ Authorization: `Bearer ${unsignedToken({ role: 'service_role' })}` });
      expect(none.status).toBe(401);
      expect(((await none.json()) as { code: string }).code).toBe('PGRST301');

      const unknownRole = await list({ Authorization: `Bearer ${await sign({ role: 'postgres' })}` });
      expect(unknownRole.status).toBe(401);

      const garbage = await list({ Authorization: 'Bearer not-a-jwt' });
      expect(garbage.status).toBe(401);

      const ok = await list({ Authorization: `Bearer ${userToken}` });
      expect(ok.status).toBe(200);
    });

    it('never lets a forged service token read bookings', async () => {
      const forged = await sign({ role: 'service_role' }, 'forged-secret-forged-secret-0123456789');
      const r = await client(server, server.anonKey, { accessToken: forged }).from('bookings').select('*');
      expect(r.status).toBe(401);
      expect(r.data).toBeNull();
    });
  });

  describe('abuse protection', () => {
    it('rate limits inserts per client address with a 429, other addresses and the service role unaffected', async () => {
      const address = freshAddress();
      const visitor = client(server, server.anonKey, { address });
      for (let i = 0; i < RATE_LIMIT; i++) {
        const r = await visitor.from('community_recipes').insert(validRecipe(`limited ${i}`));
        expect(r.status).toBe(201);
      }
      const over = await visitor.from('community_recipes').insert(validRecipe('one too many'));
      expect(over.status).toBe(429);
      expect(over.error).toEqual({
        code: 'over_request_rate_limit',
        message: 'Too many requests. Please wait a moment and try again.',
        details: null,
        hint: null,
      });
      // The limit is per table: the same visitor may still send a booking.
      expect((await visitor.from('bookings').insert(validBooking())).status).toBe(201);
      expect(
        (await client(server, server.anonKey).from('community_recipes').insert(validRecipe('other visitor'))).status,
      ).toBe(201);
      const svc = client(server, server.serviceKey, { address });
      for (let i = 0; i <= RATE_LIMIT; i++) {
        expect((await svc.from('community_recipes').insert(validRecipe(`service ${i}`))).status).toBe(201);
      }
      // Reads are never limited.
      expect((await visitor.from('community_recipes').select('title').limit(1)).status).toBe(200);
      expect(await countAs('community_recipes', ['title', 'one too many'])).toBe(0);
    });

    it('takes one booking or recipe per request from visitors, and counts rows against the limit', async () => {
      const marker = `Batch ${crypto.randomUUID()}`;
      const member = client(server, server.anonKey, { accessToken: userToken });
      for (const who of [client(server, server.anonKey), member]) {
        for (const [table, row] of [
          ['bookings', { ...validBooking(), name: marker }],
          ['community_recipes', validRecipe(marker)],
        ] as const) {
          const r = await who.from(table).insert([row, row, row]);
          expect({ table, status: r.status, code: r.error?.code }).toEqual({ table, status: 400, code: 'PGRST102' });
          expect(r.error?.message).toBe('Too many rows in one request');
        }
      }
      // Raw: the same with a hand-written array, and an array of one is one booking.
      const raw = await api('bookings', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(Array.from({ length: 500 }, () => ({ ...validBooking(), name: marker }))),
      });
      expect(raw.status).toBe(400);
      expect(await raw.json()).toMatchObject({ code: 'PGRST102', message: 'Too many rows in one request' });
      expect(await countAs('bookings', ['name', marker])).toBe(0);
      expect(await countAs('community_recipes', ['title', marker])).toBe(0);

      const one = await client(server, server.anonKey)
        .from('bookings')
        .insert([{ ...validBooking(), name: marker }]);
      expect(one.status).toBe(201);
      expect(await countAs('bookings', ['name', marker])).toBe(1);
      // The service role (the chef's tools) may still send many.
      const svc = await client(server, server.serviceKey)
        .from('bookings')
        .insert([
          { ...validBooking(), name: marker },
          { ...validBooking(), name: marker },
        ]);
      expect(svc.status).toBe(201);
      expect(await countAs('bookings', ['name', marker])).toBe(3);
    });

    it('answers a filled honeypot as a success and stores nothing', async () => {
      const title = `Bot ${crypto.randomUUID()}`;
      const bot = client(server, server.anonKey, { headers: { 'x-honeypot': 'http://spam.example' } });
      const recipe = await bot.from('community_recipes').insert(validRecipe(title));
      expect(recipe.status).toBe(201);
      expect(recipe.error).toBeNull();
      const booking = await bot.from('bookings').insert({ ...validBooking(), name: title });
      expect(booking.status).toBe(201);
      expect(await countAs('community_recipes', ['title', title])).toBe(0);
      expect(await countAs('bookings', ['name', title])).toBe(0);

      const human = client(server, server.anonKey, { headers: { 'x-honeypot': '' } });
      expect((await human.from('community_recipes').insert(validRecipe(title))).status).toBe(201);
      expect(await countAs('community_recipes', ['title', title])).toBe(1);
    });
  });
});
