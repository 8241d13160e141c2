import { api, booking, isoDate, type Running } from './product.ts';
import type { Ids, Role, Row, TableExpectation } from './rls-expectations.ts';

/**
 * What the RLS matrix (rls.ts) makes before its checks, with the service role: a member, an owner
 * (when the database knows owners) and a spare user for the role rows; a booking for the tables
 * that point at one; and, when the database has quotes, a draft quote and an accepted one. Returns
 * how to call the API as the service role or as each role, and the ids each table's rows refer to.
 */
export async function setUpMatrix(server: Running) {
  const svc = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    api(server, server.serviceKey, method, path, body, headers);

  /** Whether the table exists (undefined: it does not), and which of `candidates` are its columns. */
  const columnsOf = async (table: string, candidates: string[] = []): Promise<string[] | undefined> => {
    const r = await svc('GET', `/rest/v1/${table}?select=*&limit=0`);
    if (r.status === 404) return undefined;
    const found: string[] = [];
    for (const c of candidates)
      if ((await svc('GET', `/rest/v1/${table}?select=${c}&limit=0`)).status === 200) found.push(c);
    return found;
  };

  // The people: a member, an owner (if the database knows owners), a user for the role rows.
  const signUp = async (email: string) => {
    const r = await api(server, server.anonKey, 'POST', '/auth/v1/signup', { email, password: 'resilience-pass-1' });
    const j = r.json as { access_token?: string; user?: { id: string } };
    if (!j.access_token || !j.user) throw new Error(`sign-up failed: ${r.status} ${r.body}`);
    return { token: j.access_token, id: j.user.id };
  };
  const stamp = Date.now();
  const member = await signUp(`member-${stamp}@example.com`);
  const ownerUser = await signUp(`owner-${stamp}@example.com`);
  const spare = await signUp(`spare-${stamp}@example.com`);
  const hasOwners = (await columnsOf('user_roles')) !== undefined;
  if (hasOwners) {
    const g = await svc('POST', '/rest/v1/user_roles', { user_id: ownerUser.id, role: 'owner' });
    if (g.status >= 300) throw new Error(`could not grant the owner role: ${g.status} ${g.body}`);
  }
  const roles: { role: Role; key: string; token: string }[] = [
    { role: 'anon', key: server.anonKey, token: server.anonKey },
    { role: 'member', key: server.anonKey, token: member.token },
    ...(hasOwners ? [{ role: 'owner' as const, key: server.anonKey, token: ownerUser.token }] : []),
    { role: 'service', key: server.serviceKey, token: server.serviceKey },
  ];
  const as = (
    r: { key: string; token: string },
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => api(server, r.key, method, path, body, { ...headers, token: r.token });

  // A booking for tables that point at one.
  const made = async (table: string, row: Row) => {
    const r = await svc('POST', `/rest/v1/${table}`, row, { prefer: 'return=representation' });
    if (r.status >= 300) throw new Error(`setting up ${table}: ${r.status} ${r.body}`);
    return (r.json as Row[])[0]!.id as string;
  };
  const newBooking = () => made('bookings', booking({ status: 'new' }));
  const bookingId = await newBooking();
  // When the database has quotes: a draft of that booking (for quote lines), and a quote the client
  // accepted, of a booking of its own on a day of its own (for the balances view): sent by the
  // service role, accepted through the client's link as a visitor.
  let quoteId = '';
  let acceptedQuote = '';
  if ((await columnsOf('quotes')) !== undefined) {
    quoteId = await made('quotes', { booking_id: bookingId, price_cents: 5000, note: 'The matrix quote' });
    acceptedQuote = await made('quotes', {
      booking_id: await made('bookings', booking({ status: 'new', booking_date: isoDate(45) })),
      price_cents: 5000,
    });
    const sent = await svc('PATCH', `/rest/v1/quotes?id=eq.${acceptedQuote}`, { status: 'sent' });
    if (sent.status >= 300) throw new Error(`sending a quote: ${sent.status} ${sent.body}`);
    const mail = await svc('GET', `/rest/v1/outbox?select=payload&event=eq.quote_sent&subject_id=eq.${acceptedQuote}`);
    const token = (mail.json as { payload: { quote_token?: string } }[] | undefined)?.[0]?.payload.quote_token;
    const accepted = await api(server, server.anonKey, 'POST', '/rest/v1/rpc/accept_quote', {
      token,
      full_name: 'Resilience Test',
      dietary: 'none',
      accept_terms: true,
    });
    if ((accepted.json as { accepted?: boolean } | undefined)?.accepted !== true)
      throw new Error(`accepting a quote: ${accepted.status} ${accepted.body}`);
  }
  const ids = async (exp: TableExpectation): Promise<Ids> => ({
    user: spare.id,
    booking: exp.ownBooking ? await newBooking() : bookingId,
    quote: quoteId,
    acceptedQuote,
  });
  return { svc, columnsOf, roles, as, ids, spare, stamp };
}
