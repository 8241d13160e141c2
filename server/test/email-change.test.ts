import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, client, startTestServer, type TestServer } from './support/backend.ts';
import { startTestSmtp, type TestSmtp } from './support/smtp.ts';

/**
 * With mail configured, a member's new e-mail address is confirmed from its mailbox before the
 * account uses it (issue 18, item 1; GoTrue's secure e-mail change): the link's page asks, its POST
 * acts once. Without mail the address changes at once (server/test/auth.test.ts).
 */
describe.each(backends)('changing the e-mail address with mail configured ($name)', (backend) => {
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

  const signIn = (email: string, password: string) =>
    client(server, server.anonKey).auth.signInWithPassword({ email, password });

  it('waits for the new mailbox: the link’s page changes nothing, its button changes the address once', async () => {
    const old = `old-${crypto.randomUUID()}@member.test`;
    const wanted = `new-${crypto.randomUUID()}@member.test`;
    const member = client(server, server.anonKey);
    expect((await member.auth.signUp({ email: old, password: 'member-pass-1' })).error).toBeNull();

    const asked = await member.auth.updateUser({ email: wanted });
    expect(asked.error).toBeNull();
    expect(asked.data.user).toMatchObject({ email: old, new_email: wanted });
    expect((await signIn(wanted, 'member-pass-1')).error).toMatchObject({ code: 'invalid_credentials' });

    const [mail] = await smtp.waitFor(1);
    expect(mail!.envelopeTo).toEqual([wanted]);
    expect(mail!.parsed.subject).toBe('Confirm your new e-mail address');
    const href = /href="([^"]*\/auth\/v1\/verify\?[^"]*)"/
      .exec(mail!.parsed.html as string)?.[1]
      ?.replaceAll('&amp;', '&');
    expect(href).toMatch(/\/auth\/v1\/verify\?type=email_change&token=[0-9a-f]{64}$/);
    const token = new URL(href!).searchParams.get('token')!;

    // Opening the link (a mail scanner would) changes nothing.
    const page = await fetch(`${server.url}/auth/v1/verify?type=email_change&token=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('<form method="post" action="/auth/v1/verify">');
    expect((await signIn(old, 'member-pass-1')).error).toBeNull();

    const confirm = () =>
      fetch(`${server.url}/auth/v1/verify`, {
        method: 'POST',
        body: new URLSearchParams({ type: 'email_change', token }),
      });
    const done = await confirm();
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('Your account now uses this address.');
    expect((await signIn(wanted, 'member-pass-1')).error).toBeNull();
    expect((await signIn(old, 'member-pass-1')).error).toMatchObject({ code: 'invalid_credentials' });

    const again = await confirm();
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('This link is not valid any more');
  });

  it('a wrong token changes nothing, and an account asks a few times an hour at most', async () => {
    const bad = await fetch(`${server.url}/auth/v1/verify`, {
      method: 'POST',
      body: new URLSearchParams({ type: 'email_change', token: 'f'.repeat(64) }),
    });
    expect(bad.status).toBe(400);
    const member = client(server, server.anonKey);
    expect(
      (await member.auth.signUp({ email: `many-${crypto.randomUUID()}@member.test`, password: 'member-pass-1' })).error,
    ).toBeNull();
    for (let i = 0; i < 3; i++)
      expect(
        (await member.auth.updateUser({ email: `target-${i}-${crypto.randomUUID()}@stranger.test` })).error,
      ).toBeNull();
    const fourth = await member.auth.updateUser({ email: `target-4-${crypto.randomUUID()}@stranger.test` });
    expect(fourth.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
  });
});
