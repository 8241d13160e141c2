import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineParams, UnlexableStatementError } from '../src/db/index.ts';
import type { JwtClaims } from '../src/data-dir/keys.ts';
import { backends, startTestServer, type TestServer } from './support/backend.ts';

/**
 * Db.once: an insert through the API as one statement that is its own transaction (on PostgreSQL,
 * the role and the statement in one message). It must decide with the caller's role, commit or roll
 * back as a whole, and leave no setting behind on the pooled connection.
 */
describe('inlineParams', () => {
  it('puts each value in as a quoted literal', () => {
    expect(inlineParams('select $1::json, $2, $1', [`{"a":"it's"}`, null])).toBe(
      `select '{"a":"it''s"}'::json, null, '{"a":"it''s"}'`,
    );
  });
  it('leaves $n alone inside quoted names and string literals', () => {
    expect(inlineParams(`select "a$1""$2", '$1''$2' from t where x = $1`, ['v'])).toBe(
      `select "a$1""$2", '$1''$2' from t where x = 'v'`,
    );
  });
  it('takes $10 as the tenth value, not the first followed by 0', () => {
    const values = Array.from({ length: 10 }, (_, i) => `v${i + 1}`);
    expect(inlineParams('select $10, $1', values)).toBe(`select 'v10', 'v1'`);
  });
  it('keeps backslashes as they are (standard_conforming_strings)', () => {
    expect(inlineParams('select $1', ['a\\b'])).toBe(`select 'a\\b'`);
  });
  it('declines values that are not text, and text holding a NUL', () => {
    expect(inlineParams('select $1', [1])).toBeUndefined();
    expect(inlineParams('select $1', [['a']])).toBeUndefined();
    expect(inlineParams('select $1', ['a\0b'])).toBeUndefined();
  });
  it('refuses a statement that names a value it was not given, or leaves a quote open', () => {
    expect(() => inlineParams('select $2', ['a'])).toThrow('no value for $2');
    expect(() => inlineParams(`select 'open`, [])).toThrow(UnlexableStatementError);
  });
  it('takes $ inside an unquoted name as part of the name', () => {
    expect(inlineParams('select 1 as a$1, $1', ['v'])).toBe(`select 1 as a$1, 'v'`);
  });
  it.each([
    ['a line comment', `select $1 -- it's`],
    ['a block comment', `select /* ' */ $1`],
    ['an E string', `select E'\\'' || $1`],
    ['an e string', `select e'x' , $1`],
    ['a Unicode string', `select U&'d\\0061t' , $1`],
    ['a Unicode name', `select 1 as U&"a" , $1`],
    ['a bit string', `select B'101', $1`],
    ['a hex string', `select X'1F', $1`],
    ['a national string', `select N'x', $1`],
    ['a dollar-quoted string', `select $$ $1 $$, $1`],
    ['a tagged dollar-quoted string', `select $q$ ' $q$, $1`],
    ['a second statement', `select $1; select 2`],
    ['a backslash', `select \\ $1`],
    ['a letter outside ASCII', `select é, $1`],
    ['a parameter joined to a word', `select $1abc`],
  ])('refuses %s, whatever the values', (_what, text) => {
    expect(() => inlineParams(text, ['v'])).toThrow(UnlexableStatementError);
    expect(() => inlineParams(text, [null])).toThrow(UnlexableStatementError);
  });
});

const anon: JwtClaims = { role: 'anon', iss: 'supabase' } as JwtClaims;
const booking = (date: string) =>
  JSON.stringify([
    {
      name: "O'Brien \\ test",
      email: 'once@example.com',
      phone: '555-0100',
      booking_date: date,
      booking_time: '18:00',
      guests: 2,
      service_type: 'Private Chef Service',
      location: 'Here',
      message: '',
    },
  ]);
const insert = `insert into public.bookings (name, email, phone, booking_date, booking_time, guests, service_type, location, message)
  select name, email, phone, booking_date, booking_time, guests, service_type, location, message
    from json_populate_recordset(null::public.bookings, $1::json)`;
const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

describe.each(backends)('Db.once on $name', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(async () => {
    await server?.stop();
  });
  const count = async () =>
    (
      await server.db.tx(null, (sql) =>
        sql<{ n: number }>(`select count(*)::int as n from public.bookings where email = 'once@example.com'`),
      )
    ).rows[0]!.n;

  it('runs the statement as the caller, with the claims set', async () => {
    const r = await server.db.once(anon, (sql) =>
      sql<{ who: string; role: string; claims: string }>(
        `select current_user::text as who, current_setting('request.jwt.claim.role') as role, current_setting('request.jwt.claims') as claims where $1 = $1`,
        ['x'],
      ),
    );
    expect(r.rows[0]).toMatchObject({ who: 'anon', role: 'anon' });
    expect(JSON.parse(r.rows[0]!.claims)).toMatchObject({ role: 'anon' });
  });

  it('commits a successful insert with its triggers, and the text arrives unchanged', async () => {
    const before = await count();
    await server.db.once(anon, (sql) => sql(insert, [booking(tomorrow)]));
    expect(await count()).toBe(before + 1);
    const { rows } = await server.db.tx(null, (sql) =>
      sql<{ name: string; messages: number }>(
        `select b.name, (select count(*)::int from public.outbox o where o.subject_id = b.id) as messages
           from public.bookings b where b.email = 'once@example.com' order by b.created_at desc limit 1`,
      ),
    );
    expect(rows[0]).toEqual({ name: "O'Brien \\ test", messages: 2 });
  });

  it('refuses what row-level security refuses, with PostgreSQL’s error', async () => {
    await expect(
      server.db.once(anon, (sql) => sql(`select count(*) from public.outbox where $1 = $1`, ['x'])),
    ).rejects.toMatchObject({
      code: '42501',
    });
  });

  it('rolls back as a whole when the statement fails, and leaves every pooled connection clean', async () => {
    const before = await count();
    // More failures than the pool has connections: each one must come back usable and without the role.
    for (let i = 0; i < 12; i++) {
      await expect(server.db.once(anon, (sql) => sql(insert, [booking('2001-01-01')]))).rejects.toMatchObject({
        code: '23514',
      });
    }
    expect(await count()).toBe(before);
    for (let i = 0; i < 12; i++) {
      const { rows } = await server.db.tx(null, (sql) =>
        sql<{ who: string; claims: string | null }>(
          `select current_user::text as who, nullif(current_setting('request.jwt.claims', true), '') as claims`,
        ),
      );
      expect(rows[0]!.who).not.toBe('anon');
      expect(rows[0]!.claims).toBeNull();
    }
  });

  it('runs one statement only', async () => {
    await expect(
      server.db.once(anon, async (sql) => {
        await sql('select $1', ['a']);
        await sql('select $1', ['b']);
      }),
    ).rejects.toThrow(/one statement/);
  });
});

/**
 * What Db.once returns equals what Db.tx returns, for generated values: text with quotes,
 * backslashes, dollars, line breaks and any Unicode (NUL too, refused alike), numbers, nulls, arrays
 * and JSON. On PostgreSQL text and nulls go through the inliner; the other kinds take the ordinary
 * transaction, and must give the same rows as well.
 */
describe.each(backends)('Db.once and Db.tx agree on $name', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const tricky = fc.string({
    unit: fc.constantFrom(
      "'",
      "''",
      '"',
      '\\',
      '$',
      '$1',
      '$$',
      ';',
      '--',
      '/*',
      'E',
      '\n',
      'é',
      '😀',
      '\u0000',
      ' ',
      'a',
    ),
  });
  const text = fc.oneof(fc.string({ unit: 'binary' }), tricky, fc.constant(null));
  const number = fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));
  const statement = `select $1::text as "a$1", $2::text as "b", '$1 '' "$2"' as lit, $3::jsonb as j, $4::float8 as n, $5::text[] as arr`;

  /** The rows, or the SQLSTATE of the refusal. */
  const outcome = async (run: () => Promise<{ rows: unknown[] }>) => {
    try {
      return { rows: (await run()).rows };
    } catch (err) {
      return { error: (err as { code?: string }).code ?? (err as Error).message };
    }
  };

  it('returns the same rows for text and nulls (inlined on PostgreSQL)', async () => {
    await fc.assert(
      fc.asyncProperty(
        text,
        text,
        fc.jsonValue(),
        fc.oneof(number.map(String), fc.constant(null)),
        async (a, b, json, n) => {
          const params = [a, b, JSON.stringify(json), n, null];
          const viaOnce = await outcome(() => server.db.once(anon, (sql) => sql(statement, params)));
          const viaTx = await outcome(() => server.db.tx(anon, (sql) => sql(statement, params)));
          expect(viaOnce).toEqual(viaTx);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('returns the same rows for numbers, arrays and other values that are not text', async () => {
    await fc.assert(
      fc.asyncProperty(
        text,
        fc.jsonValue(),
        number,
        fc.array(fc.oneof(fc.string({ unit: 'binary' }), tricky), { maxLength: 5 }),
        async (a, json, n, arr) => {
          const params = [a, a, JSON.stringify(json), n, arr];
          const viaOnce = await outcome(() => server.db.once(anon, (sql) => sql(statement, params)));
          const viaTx = await outcome(() => server.db.tx(anon, (sql) => sql(statement, params)));
          expect(viaOnce).toEqual(viaTx);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('runs what it inlined as one value: a quote or a dollar in the text never becomes SQL', async () => {
    await fc.assert(
      fc.asyncProperty(
        tricky.filter((v) => !v.includes('\u0000')),
        async (v) => {
          const r = await server.db.once(anon, (sql) => sql<{ v: string }>('select $1::text as v', [v]));
          expect(r.rows).toEqual([{ v }]);
        },
      ),
      { numRuns: 100 },
    );
  });
});
