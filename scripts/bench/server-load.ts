import autocannon from 'autocannon';

/**
 * The server's scenarios for `npm run bench` (scripts/bench/server-bench.ts), each loaded by
 * autocannon from the bench's process against the product in its own process, on loopback:
 *   list      the anonymous list of approved community recipes, 32 connections (decision 0012: answered
 *             from memory while nothing changes);
 *   bookings  booking inserts, 16 connections, each request a new visitor on one of 60 future days, as
 *             the service role (so the per-address limits do not count); fsync stays on;
 *   signin    password sign-ins of one member, 16 connections;
 *   quote     quote acceptances: `QUOTES` quotes sent beforehand, each accepted once, 4 at a time;
 *   console   the console's bookings list (booking_rows, first page of 25, exact count) for an owner with
 *             10,000 bookings, 16 connections.
 */
export const SCENARIOS = ['list', 'bookings', 'signin', 'quote', 'console'] as const;
export type Scenario = (typeof SCENARIOS)[number];
/** The connections of each scenario: its figure is a share of the raw limit at the same count. */
export const CONNECTIONS: Record<Scenario, number> = { list: 32, bookings: 16, signin: 16, quote: 4, console: 16 };

export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  requests: number;
}

export interface Target {
  url: string;
  anonKey: string;
  serviceKey: string;
}

const QUOTES = 100;
const CONSOLE_BOOKINGS = 10_000;
const LIST_PATH = '/rest/v1/community_recipes?select=*&status=eq.approved&order=created_at.desc';
const day = (offset: number) => new Date(Date.now() + offset * 86400_000).toISOString().slice(0, 10);

function load(opts: autocannon.Options): Promise<LoadFigures> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, r) => {
      if (err) return reject(err);
      // Requests over the run's own length: a run of a fixed amount ends within its first seconds.
      resolve({
        rps: Math.round(r.requests.total / r.duration),
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors: r.errors + r.timeouts,
        non2xx: r.non2xx,
        requests: r.requests.total,
      });
    });
  });
}

async function call(
  t: Target,
  path: string,
  init: { method?: string; token?: string; body?: unknown; prefer?: string },
) {
  const r = await fetch(t.url + path, {
    method: init.method ?? 'GET',
    headers: {
      apikey: t.anonKey,
      authorization: `Bearer ${init.token ?? t.anonKey}`,
      'content-type': 'application/json',
      ...(init.prefer ? { prefer: init.prefer } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await r.text();
  if (r.status >= 300) throw new Error(`${init.method ?? 'GET'} ${path}: ${r.status} ${text}`);
  return text ? (JSON.parse(text) as unknown) : null;
}

function booking(i: number, offset: number) {
  return {
    name: `Bench Visitor ${i}`,
    email: `visitor-${i}-${Math.random().toString(36).slice(2)}@bench.test`,
    phone: '555-0100',
    booking_date: day(offset),
    booking_time: '18:00',
    guests: 4,
    service_type: 'Private Chef Service',
    location: 'Loopback',
    message: '',
  };
}

/** A member, signed up and made owner by the service role; returns its access token. */
async function owner(t: Target): Promise<string> {
  const email = `bench-owner-${Date.now()}@bench.test`;
  const s = (await call(t, '/auth/v1/signup', {
    method: 'POST',
    body: { email, password: 'bench-owner-password' },
  })) as { access_token: string; user: { id: string } };
  await call(t, '/rest/v1/user_roles', {
    method: 'POST',
    token: t.serviceKey,
    body: { user_id: s.user.id, role: 'owner' },
    prefer: 'return=minimal',
  });
  return s.access_token;
}

export async function measure(t: Target, scenario: Scenario, duration: number): Promise<LoadFigures> {
  const connections = CONNECTIONS[scenario];
  const headers = { apikey: t.anonKey, authorization: `Bearer ${t.anonKey}`, 'content-type': 'application/json' };
  switch (scenario) {
    case 'list':
      return load({ url: t.url + LIST_PATH, connections, duration, headers });
    case 'bookings': {
      let i = 0;
      return load({
        url: `${t.url}/rest/v1/bookings`,
        method: 'POST',
        connections,
        duration,
        headers: { ...headers, authorization: `Bearer ${t.serviceKey}`, prefer: 'return=minimal' },
        requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify(booking(i, 1 + (i++ % 60))) }) }],
      });
    }
    case 'signin': {
      const email = `bench-member-${Date.now()}@bench.test`;
      const password = 'bench-member-password';
      await call(t, '/auth/v1/signup', { method: 'POST', body: { email, password } });
      return load({
        url: `${t.url}/auth/v1/token?grant_type=password`,
        method: 'POST',
        connections,
        duration,
        headers,
        body: JSON.stringify({ email, password }),
      });
    }
    case 'quote': {
      // Each acceptance confirms its booking: one a day, as the calendar allows, from 200 days on.
      const token = await owner(t);
      const tokens: string[] = [];
      for (let q = 0; q < QUOTES; q++) {
        const [b] = (await call(t, '/rest/v1/bookings?select=id', {
          method: 'POST',
          token: t.serviceKey,
          body: booking(q, 200 + q),
          prefer: 'return=representation',
        })) as { id: string }[];
        const [quote] = (await call(t, '/rest/v1/quotes?select=id', {
          method: 'POST',
          token,
          body: {
            booking_id: b!.id,
            pricing: 'per_guest',
            price_cents: 15000,
            menu: [{ course: 'Main', dish: 'Short rib' }],
          },
          prefer: 'return=representation',
        })) as { id: string }[];
        await call(t, `/rest/v1/quotes?id=eq.${quote!.id}`, {
          method: 'PATCH',
          token,
          body: { status: 'sent' },
          prefer: 'return=minimal',
        });
        const [m] = (await call(t, `/rest/v1/outbox?select=payload&event=eq.quote_sent&subject_id=eq.${quote!.id}`, {
          token: t.serviceKey,
        })) as { payload: { quote_token: string } }[];
        tokens.push(m!.payload.quote_token);
      }
      let next = 0;
      return load({
        url: `${t.url}/rest/v1/rpc/accept_quote`,
        method: 'POST',
        connections,
        amount: QUOTES,
        headers,
        requests: [
          {
            setupRequest: (req) => ({
              ...req,
              body: JSON.stringify({
                token: tokens[next++ % QUOTES],
                full_name: 'Bench Client',
                dietary: 'none',
                accept_terms: true,
              }),
            }),
          },
        ],
      });
    }
    case 'console': {
      const token = await owner(t);
      for (let done = 0; done < CONSOLE_BOOKINGS; done += 500) {
        const rows = Array.from({ length: 500 }, (_, k) => booking(done + k, 1 + ((done + k) % 60)));
        await call(t, '/rest/v1/bookings', {
          method: 'POST',
          token: t.serviceKey,
          body: rows,
          prefer: 'return=minimal',
        });
      }
      return load({
        url: `${t.url}/rest/v1/booking_rows?select=*&order=created_at.desc,id.asc&offset=0&limit=25`,
        connections,
        duration,
        headers: { ...headers, authorization: `Bearer ${token}`, prefer: 'count=exact' },
      });
    }
  }
}
