import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mailboxProbes } from './mailboxes.ts';
import {
  api,
  booking,
  multipart,
  recipe,
  ROOT,
  start,
  tinyPng,
  type Running,
  type ScenarioResult,
  type Target,
} from './product.ts';

const run = promisify(execFile);

/**
 * Scenario "takeover and megaphone": the probes that found issue 18's items 1, 2, 3 and 7, run as an
 * attacker would against the real server process.
 *   1. The chef's public address signed up by an attacker first, then `npm run owner -- add` on it:
 *      the attacker's password, refresh token and still-valid access token must give nothing.
 *   2. Booking requests aimed at a stranger's address from many client addresses: at most 3
 *      messages to it a day, none carrying the attacker's text; the chef still gets every request.
 *   3. A spam recipe pointing at an approved recipe's photo, rejected as the console does: the photo
 *      must stay; a recipe naming a file elsewhere must be refused.
 *   4. A confirm link pressed on a declined booking, which the chef later re-opens: the link must
 *      be spent.
 *   5. Issue 38's F1-F4 (./mailboxes.ts): sub-addressed mailboxes, spam removed, a confirmation
 *      behind fake requests, a refused quote pressed ten times.
 */
const CHEF = 'chef@resilience.test';
const VICTIM = 'stranger@victim.test';
const BAIT = 'Your payment failed: pay again at http://evil.test/pay';

export async function takeover(target: Target): Promise<ScenarioResult> {
  const t0 = Date.now();
  // Client addresses from X-Forwarded-For, as behind the reverse proxy the README describes.
  const t: Target = { ...target, env: { ...target.env, TRUST_PROXY: 'true' } };
  const failures: string[] = [];
  let checks = 0;
  const check = (ok: boolean, what: string) => {
    checks++;
    if (!ok) failures.push(what);
  };
  let server: Running | undefined;
  try {
    // ── 1. Owner takeover ──────────────────────────────────────────────────────────────────
    server = await start(t);
    const signup = await api(server, server.anonKey, 'POST', '/auth/v1/signup', {
      email: CHEF,
      password: 'attacker-pass-1',
    });
    const attacker = signup.json as { access_token: string; refresh_token: string };
    check(signup.status === 200, `attacker sign-up failed: ${signup.status}`);
    await api(
      server,
      server.serviceKey,
      'POST',
      '/rest/v1/bookings',
      booking({ name: 'Private Client', email: 'client@visitor.test' }),
    );
    await server.stop();
    server = undefined;
    const cli = await run(process.execPath, ['--import', 'tsx', 'server/src/cli/owner.ts', 'add', CHEF], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, DATA_DIR: t.dataDir, ...(t.databaseUrl ? { DATABASE_URL: t.databaseUrl } : {}) },
    });
    const password = /new password: (\S+)/.exec(cli.stdout)?.[1];
    check(
      /already existed \(made /.test(cli.stdout) && password !== undefined,
      `owner add did not say the account existed: ${cli.stdout.slice(0, 200)}`,
    );
    server = await start(t);
    const s = server;
    const oldPassword = await api(s, s.anonKey, 'POST', '/auth/v1/token?grant_type=password', {
      email: CHEF,
      password: 'attacker-pass-1',
    });
    check(oldPassword.status === 400, `attacker's password still signs in: ${oldPassword.status}`);
    const oldRefresh = await api(s, s.anonKey, 'POST', '/auth/v1/token?grant_type=refresh_token', {
      refresh_token: attacker.refresh_token,
    });
    check(oldRefresh.status === 400, `attacker's refresh token still works: ${oldRefresh.status}`);
    const stolen = await api(s, s.anonKey, 'GET', '/rest/v1/bookings?select=name', undefined, {
      token: attacker.access_token,
    });
    check(
      stolen.status === 200 && JSON.stringify(stolen.json) === '[]',
      `attacker's access token reads bookings: ${stolen.body.slice(0, 120)}`,
    );
    const chef = await api(s, s.anonKey, 'POST', '/auth/v1/token?grant_type=password', { email: CHEF, password });
    const chefToken = (chef.json as { access_token?: string }).access_token ?? '';
    const own = await api(s, s.anonKey, 'GET', '/rest/v1/bookings?select=name', undefined, { token: chefToken });
    check(
      own.status === 200 && (own.json as unknown[]).length === 1,
      `the chef cannot read the bookings with the printed password: ${own.body.slice(0, 120)}`,
    );

    // ── 2. The megaphone ───────────────────────────────────────────────────────────────────
    for (let i = 0; i < 6; i++) {
      const r = await api(
        s,
        s.anonKey,
        'POST',
        '/rest/v1/bookings',
        booking({ email: i % 2 ? VICTIM : VICTIM.toUpperCase(), message: BAIT, location: BAIT }),
        {
          'x-forwarded-for': `203.0.113.${i + 1}`,
        },
      );
      check(r.status === 201, `booking ${i + 1} refused: ${r.status} ${r.body.slice(0, 120)}`);
    }
    const outbox = await api(
      s,
      s.serviceKey,
      'GET',
      `/rest/v1/outbox?select=event,recipient,status,attempts,payload&order=created_at`,
    );
    const rows = outbox.json as {
      event: string;
      recipient: string;
      status: string;
      attempts: number;
      payload: Record<string, unknown>;
    }[];
    const toVictim = rows.filter((r) => r.recipient.toLowerCase() === VICTIM);
    const going = toVictim.filter((r) => !(r.status === 'failed' && r.attempts === 0));
    check(going.length <= 3, `${going.length} messages to one stranger's address in a day`);
    check(
      toVictim.every((r) => !JSON.stringify(r.payload).includes('evil.test')),
      'the attacker’s text is in a message to the stranger',
    );
    check(rows.filter((r) => r.event === 'booking_received').length === 7, 'the chef did not get every request');

    // ── 3. A photo that is not the recipe's own ────────────────────────────────────────────
    const photoName = `${Date.now()}_approved.png`;
    const { body, contentType } = multipart(await tinyPng());
    const up = await api(s, s.anonKey, 'POST', `/storage/v1/object/community_recipes/${photoName}`, body, {
      'content-type': contentType,
    });
    check(up.status === 200, `photo upload failed: ${up.status}`);
    const photoUrl = `${s.url}/storage/v1/object/public/community_recipes/${photoName}`;
    const foreign = await api(
      s,
      s.anonKey,
      'POST',
      '/rest/v1/community_recipes',
      recipe({ image_url: 'https://evil.test/tracker.png' }),
    );
    check(foreign.status === 400, `a recipe with a photo elsewhere was kept: ${foreign.status}`);
    const insert = (title: string) =>
      api(s, s.serviceKey, 'POST', '/rest/v1/community_recipes', recipe({ title, image_url: photoUrl }), {
        prefer: 'return=representation',
      });
    const approved = ((await insert('Approved dish')).json as { id: string }[])[0]!;
    await api(s, s.serviceKey, 'PATCH', `/rest/v1/community_recipes?id=eq.${approved.id}`, { status: 'approved' });
    const spam = ((await insert('Spam')).json as { id: string }[])[0]!;
    await api(
      s,
      s.anonKey,
      'PATCH',
      `/rest/v1/community_recipes?id=eq.${spam.id}`,
      { status: 'rejected', review_reason: 'Spam' },
      { token: chefToken },
    );
    await api(
      s,
      s.anonKey,
      'DELETE',
      '/storage/v1/object/community_recipes',
      { prefixes: [photoName] },
      { token: chefToken },
    );
    const still = await api(s, s.anonKey, 'GET', `/storage/v1/object/public/community_recipes/${photoName}`);
    check(still.status === 200, `rejecting the spam deleted the approved recipe's photo: ${still.status}`);

    // ── 4. A confirm link pressed too early ────────────────────────────────────────────────
    const made = await api(
      s,
      s.anonKey,
      'POST',
      '/rest/v1/bookings',
      booking({ name: 'Link Test', email: 'link@visitor.test' }),
      { 'x-forwarded-for': '203.0.113.50' },
    );
    check(made.status === 201, `booking for the link refused: ${made.status}`);
    const received = await api(
      s,
      s.serviceKey,
      'GET',
      `/rest/v1/outbox?select=subject_id,payload&event=eq.booking_received`,
    );
    const row = (received.json as { subject_id: string; payload: { name: string; confirm_token: string } }[]).find(
      (r) => r.payload.name === 'Link Test',
    )!;
    await api(s, s.serviceKey, 'PATCH', `/rest/v1/bookings?id=eq.${row.subject_id}`, {
      status: 'declined',
      status_reason: 'Busy',
    });
    await api(s, s.anonKey, 'POST', '/rest/v1/rpc/redeem_mail_action', { token: row.payload.confirm_token });
    await api(s, s.serviceKey, 'PATCH', `/rest/v1/bookings?id=eq.${row.subject_id}`, { status: 'contacted' });
    const late = await api(s, s.anonKey, 'POST', '/rest/v1/rpc/redeem_mail_action', {
      token: row.payload.confirm_token,
    });
    const status = await api(s, s.serviceKey, 'GET', `/rest/v1/bookings?select=status&id=eq.${row.subject_id}`);
    check(
      late.status === 400 && (status.json as { status: string }[])[0]?.status === 'contacted',
      `an old confirm link confirmed a re-opened booking: ${late.status} ${status.body}`,
    );

    // ── 5. Mailboxes, spam, held confirmations, refusals (issue 38, F1-F4) ─────────────────
    await mailboxProbes(s, chefToken, check);
  } finally {
    await server?.stop();
  }
  return {
    scenario: 'Takeover and megaphone',
    database: target.name,
    did: `${checks} checks: owner add on an attacker's account (password, refresh and access token), 6 requests to a stranger from 6 client addresses, a spam recipe naming another's photo, a foreign photo URL, a confirm link pressed on a declined booking, sub-addressed and dotted mailboxes, spam removed, a confirmation behind fakes, ten refused presses`,
    found: failures.length
      ? `${failures.length} failed: ${failures.slice(0, 3).join('; ')}`
      : 'the attacker got nothing: no owner rights, at most 3 plain messages to the stranger, no photo deleted, the link spent',
    ok: failures.length === 0,
    seconds: (Date.now() - t0) / 1000,
    details: { failures },
  };
}
