import { api, booking, isoDate, type Running } from './product.ts';

/**
 * The takeover-and-megaphone scenario's issue-38 part (F1-F4), run as an attacker would:
 *   F1. Requests to sub-addresses and Gmail's dotted spellings of one mailbox: at most 3 messages
 *       go to it, none with the attacker's name in them.
 *   F2. The chef removes a spam request: nobody is mailed about it.
 *   F3. Three fake requests with a client's mailbox, then the chef's e-mailed confirmation of the
 *       client's real one: the confirmation is not held.
 *   F4. Ten presses of a quote on a day that filled up: the chef hears once.
 */
export async function mailboxProbes(
  s: Running,
  chefToken: string,
  check: (ok: boolean, what: string) => void,
): Promise<void> {
  type Row = {
    event: string;
    recipient: string;
    status: string;
    attempts: number;
    subject_id: string;
    payload: Record<string, unknown>;
  };
  const outbox = async () =>
    (
      await api(
        s,
        s.serviceKey,
        'GET',
        '/rest/v1/outbox?select=event,recipient,status,attempts,subject_id,payload&order=created_at',
      )
    ).json as Row[];
  const going = (r: Row) => !(r.status === 'failed' && r.attempts === 0);
  let ip = 100;
  const ask = (extra: Record<string, unknown>) =>
    api(s, s.anonKey, 'POST', '/rest/v1/bookings', booking(extra), {
      'x-forwarded-for': `203.0.113.${ip++}`,
      prefer: 'return=minimal',
    });

  // F1
  const spellings = [
    'target+1@victim.test',
    'Target+2@victim.test',
    'target+3@victim.test',
    't.arget@gmail.com',
    'TARGET+x@googlemail.com',
    'tar.get@gmail.com',
    'target@gmail.com',
  ];
  for (const email of spellings)
    check((await ask({ name: 'Click evil.test/unlock now', email })).status === 201, `request to ${email} refused`);
  const rows = await outbox();
  const atVictim = rows.filter((r) => /^target\+\d@victim\.test$/i.test(r.recipient) && going(r));
  const atGmail = rows.filter((r) => /@(gmail|googlemail)\.com$/i.test(r.recipient) && going(r));
  check(
    atVictim.length <= 3 && atGmail.length <= 3,
    `F1: ${atVictim.length} and ${atGmail.length} messages to two mailboxes in a day`,
  );
  check(
    rows.filter((r) => r.recipient !== 'owner').every((r) => !JSON.stringify(r.payload).includes('evil.test')),
    'F1: the attacker’s name is in a message to a stranger',
  );

  // F2
  const spam = rows.find((r) => r.event === 'booking_received' && r.payload.email === 'target+1@victim.test')!;
  const before = rows.length;
  const removed = await api(
    s,
    s.anonKey,
    'POST',
    '/rest/v1/rpc/remove_booking_as_spam',
    { booking_id: spam.subject_id },
    { token: chefToken },
  );
  check(removed.status === 200, `F2: the chef could not remove spam: ${removed.status} ${removed.body.slice(0, 120)}`);
  check((await outbox()).length === before, 'F2: removing spam wrote a message');

  // F3
  check(
    (await ask({ name: 'Real Client', email: 'client+events@real.test', booking_date: isoDate(61) })).status === 201,
    'F3: the real request was refused',
  );
  for (let i = 0; i < 3; i++) await ask({ email: `client+${i}@real.test`, booking_date: isoDate(62 + i) });
  const real = (await outbox()).find(
    (r) => r.event === 'booking_received' && r.payload.email === 'client+events@real.test',
  )!;
  await api(s, s.anonKey, 'POST', '/rest/v1/rpc/redeem_mail_action', { token: real.payload.confirm_token });
  const confirmation = (await outbox()).find(
    (r) => r.event === 'booking_confirmed' && r.subject_id === real.subject_id,
  );
  check(
    confirmation !== undefined && going(confirmation),
    `F3: the chef's confirmation was held: ${JSON.stringify(confirmation?.status)}`,
  );

  // F4
  const day = isoDate(70);
  check(
    (await ask({ name: 'Quoted Client', email: 'quoted@real.test', booking_date: day })).status === 201,
    'F4: the request was refused',
  );
  const quoted = (await outbox()).find(
    (r) => r.event === 'booking_received' && r.payload.email === 'quoted@real.test',
  )!;
  const quote = await api(
    s,
    s.anonKey,
    'POST',
    '/rest/v1/quotes',
    { booking_id: quoted.subject_id, price_cents: 10000 },
    { token: chefToken, prefer: 'return=representation' },
  );
  const quoteId = (quote.json as { id: string }[] | undefined)?.[0]?.id;
  await api(s, s.anonKey, 'PATCH', `/rest/v1/quotes?id=eq.${quoteId}`, { status: 'sent' }, { token: chefToken });
  const token = (await outbox()).find((r) => r.event === 'quote_sent' && r.subject_id === quoteId)?.payload.quote_token;
  await api(
    s,
    s.serviceKey,
    'POST',
    '/rest/v1/bookings',
    booking({ name: 'Took the day', email: 'other@real.test', booking_date: day, status: 'confirmed' }),
  );
  for (let i = 0; i < 10; i++) {
    await api(s, s.anonKey, 'POST', '/rest/v1/rpc/accept_quote', {
      token,
      full_name: 'Quoted Client',
      dietary: 'x'.repeat(2000),
      accept_terms: true,
    });
  }
  const refusals = (await outbox()).filter((r) => r.event === 'quote_acceptance_refused' && r.subject_id === quoteId);
  check(
    typeof token === 'string' && refusals.length === 1,
    `F4: ${refusals.length} messages to the chef for ten presses of one quote`,
  );
}
