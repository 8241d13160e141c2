import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, client, startTestServer, type TestServer } from './support/backend.ts';
import { startTestSmtp, type TestSmtp } from './support/smtp.ts';

/**
 * The auth API's last 500 and an existence oracle (issue 38, F9 and F12): addresses outside the
 * product's one rule are refused with GoTrue's 400 before anything is stored; with mail configured
 * (secure e-mail change), asking for another account's address answers exactly as asking for a
 * free one, and its link cannot take the address.
 */
describe.each(backends)('auth answers ($name)', (backend) => {
  let smtp: TestSmtp;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer(backend, {
      env: { SMTP_URL: smtp.url, OWNER_EMAIL: 'chef@cheffeva.test', MAIL_POLL_SECONDS: '0.2' },
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  it('PUT /auth/v1/user refuses the probe’s addresses with 400, and sign-up does too', async () => {
    const member = client(server, server.anonKey);
    const me = `probe-${crypto.randomUUID()}@member.test`;
    expect((await member.auth.signUp({ email: me, password: 'member-pass-1' })).error).toBeNull();
    for (const bad of ['a%b@x.test', 'a!b@x.test', 'a/b@x.test']) {
      const r = await member.auth.updateUser({ email: bad });
      expect(r.error).toMatchObject({
        status: 400,
        code: 'validation_failed',
        message: 'Unable to validate email address: invalid format',
      });
      const s = await client(server, server.anonKey).auth.signUp({ email: bad, password: 'member-pass-1' });
      expect(s.error).toMatchObject({ status: 400, code: 'validation_failed' });
    }
    const { count } = await client(server, server.serviceKey)
      .from('outbox')
      .select('id', { count: 'exact', head: true })
      .eq('event', 'email_change');
    expect(count).toBe(0);
  });

  it('an e-mail change to a taken address answers as to a free one; its link cannot take it', async () => {
    const taken = `taken-${crypto.randomUUID()}@member.test`;
    expect(
      (await client(server, server.anonKey).auth.signUp({ email: taken, password: 'member-pass-1' })).error,
    ).toBeNull();
    const member = client(server, server.anonKey);
    const mine = `asker-${crypto.randomUUID()}@member.test`;
    expect((await member.auth.signUp({ email: mine, password: 'member-pass-1' })).error).toBeNull();
    const free = `free-${crypto.randomUUID()}@member.test`;

    const start = smtp.received.length;
    const toTaken = await member.auth.updateUser({ email: taken });
    const toFree = await member.auth.updateUser({ email: free });
    expect(toTaken.error).toBeNull();
    expect(toFree.error).toBeNull();
    expect(toTaken.data.user).toMatchObject({ email: mine, new_email: taken });
    expect(toFree.data.user).toMatchObject({ email: mine, new_email: free });
    const mails = await smtp.waitFor(start + 2);
    const toTakenMail = mails.slice(start).find((m) => m.envelopeTo[0] === taken)!;
    const token = /token=([0-9a-f]{64})/.exec(String(toTakenMail.parsed.html))![1]!;
    // The later request replaced the earlier one's link; and a link for a taken address never takes it.
    const confirm = await fetch(`${server.url}/auth/v1/verify`, {
      method: 'POST',
      body: new URLSearchParams({ type: 'email_change', token }),
    });
    expect(confirm.status).toBe(400);
    const signedIn = await client(server, server.anonKey).auth.signInWithPassword({
      email: taken,
      password: 'member-pass-1',
    });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.id).not.toBe(toTaken.data.user?.id);
  });
});
