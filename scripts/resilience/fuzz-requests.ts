import fc from 'fast-check';

/**
 * The malformed requests of the fuzz scenario (fuzz.ts), as a fast-check arbitrary over every
 * endpoint and method: broken JSON, unknown columns, bad filters and operators, SQL metacharacters,
 * NUL bytes, deeply nested JSON, huge headers, URLs and bodies, wrong content types, broken
 * multipart, path traversal in object names, absurd ranges.
 */
export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

const TABLES = [
  'bookings',
  'community_recipes',
  'user_roles',
  'contact_messages',
  'newsletter_subscribers',
  'nope',
  'pg_user',
  '../auth.users',
];
const COLUMNS = ['id', 'status', 'title', 'created_at', 'guests', 'email', 'nope', 'x"y', "a'b", '*', 'id,status', ''];
const OPS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'in',
  'is',
  'not.eq',
  'not.in',
  'cs',
  'fts',
  'match',
  'nope',
  '',
  'eq.',
  'in.(',
];
const NASTY = [
  "'; drop table bookings; --",
  '" or 1=1 --',
  '\u0000',
  'a\u0000b',
  '%00',
  '../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '\\x00',
  '(((((',
  ')',
  '*',
  '%',
  '😀',
  '\ud800',
  'null',
  'true',
  '1e309',
  '-1',
  '99999999999999999999',
  '2026-13-45',
  '$1',
  '::text',
  '<script>alert(1)</script>',
  ' '.repeat(3),
];

/** Mostly null: for what should be the exception (huge inputs). */
const rare = <T>(arb: fc.Arbitrary<T>, weight = 15) =>
  fc.oneof({ weight, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: arb });

const nasty = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);
const enc = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80'; // a lone surrogate, as raw bytes
  }
};

function nested(depth: number, array: boolean): string {
  return (array ? '['.repeat(depth) : '{"a":'.repeat(depth)) + '1' + (array ? ']'.repeat(depth) : '}'.repeat(depth));
}

const jsonValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.constantFrom(
    '',
    '{',
    '[',
    '{"a":',
    'nul',
    '{"a":1,}',
    "{'a':1}",
    '{"a":"\\u0000"}',
    '{"title":"\\u0000"}',
    '[{},{"x":1}]',
    '[1,2,3]',
    '"str"',
    '123',
  ),
  rare(
    fc.integer({ min: 100, max: 5000 }).chain((d) => fc.boolean().map((a) => nested(d, a))),
    3,
  ).map((v) => v ?? '{"deep":false}'),
  fc.record({ k: fc.constantFrom(...COLUMNS), v: nasty }).map(({ k, v }) => JSON.stringify({ [k]: v })),
  fc.record({ v: nasty }).map(({ v }) =>
    JSON.stringify({
      name: v,
      email: `${v}@x.y`,
      phone: v,
      booking_date: v,
      booking_time: v,
      guests: v,
      service_type: v,
      location: v,
    }),
  ),
  fc
    .record({ v: nasty })
    .map(({ v }) =>
      JSON.stringify({ email: v, password: v, data: { v }, refresh_token: v, prefixes: [v], prefix: v, search: v }),
    ),
  rare(fc.integer({ min: 1, max: 3 }), 5).map((mb) =>
    mb === null ? '{"big":false}' : JSON.stringify({ title: 'x'.repeat(mb * 700_000) }),
  ),
);

const restPath = fc
  .record({
    table: fc.oneof(fc.constantFrom(...TABLES), nasty.map(enc)),
    select: fc.option(fc.oneof(fc.constantFrom(...COLUMNS), nasty).map(enc)),
    filters: fc.array(
      fc.record({ col: fc.oneof(fc.constantFrom(...COLUMNS), nasty), op: fc.constantFrom(...OPS), val: nasty }),
      { maxLength: 3 },
    ),
    order: fc.option(
      fc.oneof(fc.constantFrom('created_at.desc', 'id.asc.nullsfirst', 'nope.desc', 'id.sideways', '', ','), nasty),
    ),
    limit: fc.option(fc.oneof(fc.integer(), fc.constantFrom('-1', '1e99', 'abc', '99999999999999999999'))),
    offset: fc.option(fc.oneof(fc.integer(), fc.constantFrom('-5', 'x'))),
    extra: fc.option(fc.constantFrom('columns=a,b', 'on_conflict=nope', 'or=(id.eq.1)', 'and=(', 'apikey=x')),
  })
  .map(({ table, select, filters, order, limit, offset, extra }) => {
    const q: string[] = [];
    if (select !== null) q.push(`select=${select}`);
    for (const f of filters) q.push(`${enc(f.col)}=${f.op}.${enc(f.val)}`);
    if (order !== null) q.push(`order=${enc(order)}`);
    if (limit !== null) q.push(`limit=${limit}`);
    if (offset !== null) q.push(`offset=${offset}`);
    if (extra !== null) q.push(extra);
    return `/rest/v1/${table}${q.length ? `?${q.join('&')}` : ''}`;
  });

const objectName = fc.oneof(
  fc.constantFrom(
    'a.png',
    'dir/a.png',
    '../a.png',
    '..%2F..%2Fjwt-secret',
    '%2e%2e/%2e%2e/service-key',
    'a/../../b.png',
    '.',
    '..',
    '%00.png',
    'a%0Ab.png',
    'x.html',
    'CON',
    ' '.repeat(2),
    'a//b.png',
  ),
  nasty.map(enc),
  rare(fc.integer({ min: 1000, max: 5000 }), 3).map((n) => 'n'.repeat(n ?? 1)),
);
const bucket = fc.oneof(
  fc.constantFrom('community_recipes', 'nope', '..', '%00', 'community_recipes%00'),
  nasty.map(enc),
);

const storagePath = fc.oneof(
  fc.tuple(bucket, objectName).map(([b, n]) => `/storage/v1/object/${b}/${n}`),
  fc.tuple(bucket, objectName).map(([b, n]) => `/storage/v1/object/public/${b}/${n}`),
  fc.tuple(bucket, objectName).map(([b, n]) => `/storage/v1/object/authenticated/${b}/${n}`),
  bucket.map((b) => `/storage/v1/object/list/${b}`),
  bucket.map((b) => `/storage/v1/object/${b}`),
  bucket.map((b) => `/storage/v1/bucket/${b}`),
  fc.constant('/storage/v1/bucket'),
  fc.tuple(bucket, objectName).map(([b, n]) => `/storage/v1/render/image/public/${b}/${n}`),
);

const authPath = fc.oneof(
  fc.constantFrom(
    '/auth/v1/signup',
    '/auth/v1/token?grant_type=password',
    '/auth/v1/token?grant_type=refresh_token',
    '/auth/v1/token?grant_type=nope',
    '/auth/v1/token',
    '/auth/v1/user',
    '/auth/v1/logout',
    '/auth/v1/logout?scope=nope',
    '/auth/v1/settings',
    '/auth/v1/health',
    '/auth/v1/recover',
    '/auth/v1/verify',
    '/auth/v1/otp',
    '/auth/v1/admin/users',
  ),
  nasty.map((s) => `/auth/v1/${enc(s)}`),
);

const sitePath = fc.oneof(
  fc.constantFrom(
    '/',
    '/home',
    '//evil.example/',
    '/..%2f..%2fetc/passwd',
    '/%00',
    '/assets/../../package.json',
    '/recipes/%2e%2e/%2e%2e/',
    '/index.html?x=%00',
    '/\\evil.example',
  ),
  nasty.map((s) => `/${enc(s)}`),
);

const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=xyz',
  'multipart/form-data; boundary=',
  'image/png',
  'application/octet-stream',
  'application/vnd.pgrst.object+json',
  '',
  '\u0001',
);

const multipartBody = fc.oneof(
  fc.constant(
    '--xyz\r\nContent-Disposition: form-data; name=""; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG\r\n\u001a\n',
  ),
  fc.constant('--xyz\r\n\r\n--xyz--'),
  fc.constant('--xyz--\r\n'),
  fc
    .string({ maxLength: 200 })
    .map((s) => `--xyz\r\nContent-Disposition: form-data; name="${s}"\r\n\r\n${s}\r\n--xyz--\r\n`),
);

export const fuzzRequest: fc.Arbitrary<FuzzRequest> = fc
  .record({
    method: fc.constantFrom('GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND'),
    path: fc.oneof(
      { weight: 4, arbitrary: restPath },
      { weight: 3, arbitrary: storagePath },
      { weight: 2, arbitrary: authPath },
      { weight: 1, arbitrary: sitePath },
    ),
    body: fc.option(fc.oneof({ weight: 4, arbitrary: jsonValue }, { weight: 1, arbitrary: multipartBody })),
    contentType: fc.option(contentType),
    key: fc.constantFrom('anon', 'service', 'none', 'garbage'),
    prefer: fc.option(
      fc.constantFrom(
        'return=representation',
        'count=exact',
        'resolution=merge-duplicates',
        'missing=default',
        'return=nope',
        'tx=rollback',
        ',,,',
        'count=exact,return=representation',
      ),
    ),
    range: fc.option(
      fc.oneof(
        fc.constantFrom('0-9', '5-1', '-1-', '0-99999999999999999999', 'items=0-1', 'bytes=0-0', 'a-b'),
        fc.tuple(fc.integer(), fc.integer()).map(([a, b]) => `${a}-${b}`),
      ),
    ),
    accept: fc.option(fc.constantFrom('application/vnd.pgrst.object+json', 'text/csv', '*/*', 'application/xml', '')),
    profile: fc.option(fc.constantFrom('public', 'auth', 'storage', 'pg_catalog', '')),
    huge: rare(fc.constantFrom('url', 'header', 'headers')),
    upsert: fc.option(fc.constantFrom('true', 'false', 'yes')),
  })
  .map((g) => {
    const headers: Record<string, string> = {};
    if (g.contentType !== null && g.contentType !== '\u0001') headers['content-type'] = g.contentType;
    if (g.prefer !== null) headers.prefer = g.prefer;
    if (g.range !== null) headers.range = g.range;
    if (g.accept !== null) headers.accept = g.accept;
    if (g.profile !== null) {
      headers['accept-profile'] = g.profile;
      headers['content-profile'] = g.profile;
    }
    if (g.upsert !== null) headers['x-upsert'] = g.upsert;
    headers['x-key'] = g.key;
    let path = g.path;
    if (g.huge === 'url') path += (path.includes('?') ? '&' : '?') + `x=${'a'.repeat(20_000)}`;
    if (g.huge === 'header') headers['x-huge'] = 'h'.repeat(40_000);
    if (g.huge === 'headers') for (let i = 0; i < 200; i++) headers[`x-h${i}`] = 'v'.repeat(100);
    // What an HTTP client can put on the wire: anything else percent-encoded.
    path = path.replace(/[^\x21-\x7e]/gu, (c) => enc(c));
    return { method: g.method, path, headers, body: g.body ?? undefined };
  });
