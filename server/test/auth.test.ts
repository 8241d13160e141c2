import type { AuthChangeEvent, SupabaseClient } from '@supabase/supabase-js';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backends,
  client,
  freshAddress,
  startTestServer,
  TEST_JWT_SECRET,
  type TestServer,
} from './support/backend.ts';

/**
 * /auth/v1 through supabase-js, against the real server, on PGlite and (when TEST_DATABASE_URL
 * is set) on a fresh PostgreSQL database. Each client comes from its own address, so the
 * rate limits only bite in the tests about them.
 */

let counter = 0;
const uniqueEmail = () => `member${Date.now()}${++counter}@example.com`;

interface Harness {
  server: TestServer;
  client(key?: string, address?: string): SupabaseClient;
  api(pathname: string, init?: RequestInit & { bearer?: string }): Promise<Response>;
}

function harness(server: TestServer): Harness {
  return {
    server,
    client: (key = server.anonKey, address?: string) => client(server, key, { address }),
    api: (pathname, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set('apikey', server.anonKey);
      headers.set('x-forwarded-for', freshAddress());
      if (init.bearer) headers.set('authorization', `Bearer ${init.bearer}`);
      return fetch(`${server.url}${pathname}`, { ...init, headers });
    },
  };
}

describe.each(backends)('Auth API on $name', (backend) => {
  let t: Harness;

  beforeAll(async () => {
    t = harness(await startTestServer(backend));
  });
  afterAll(async () => {
    await t?.server.stop();
  });

  describe('health and settings', () => {
    it('answers GET /health and GET /settings as GoTrue', async () => {
      const health = await t.api('/auth/v1/health');
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ name: 'GoTrue' });
      const settings = await (await t.api('/auth/v1/settings')).json();
      expect(settings).toMatchObject({ disable_signup: false, mailer_autoconfirm: true });
      expect(settings.external.google).toBe(false);
      expect(settings.external.email).toBe(true);
    });
  });

  describe('sign up', () => {
    it('creates a confirmed user and returns a session with Supabase claims', async () => {
      const email = uniqueEmail();
      const { data, error } = await t.client().auth.signUp({
        email: email.toUpperCase(),
        password: 'secret123',
        options: { data: { display_name: 'Chef Fan' } },
      });
      expect(error).toBeNull();
      const { session, user } = data;
      expect(session).not.toBeNull();
      expect(session!.token_type).toBe('bearer');
      expect(session!.expires_in).toBe(3600);
      expect(session!.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500);
      expect(session!.refresh_token).toMatch(/^[\w-]{20,}$/);
      expect(user).toMatchObject({
        email, // lower-cased
        aud: 'authenticated',
        role: 'authenticated',
        phone: '',
        is_anonymous: false,
        app_metadata: { provider: 'email', providers: ['email'] },
        user_metadata: { display_name: 'Chef Fan', email, email_verified: true },
      });
      expect(user!.email_confirmed_at).toBeTruthy();
      expect(user!.confirmed_at).toBeTruthy();
      expect(user!.identities).toHaveLength(1);
      expect(user!.identities![0]).toMatchObject({ provider: 'email', user_id: user!.id });

      const claims = decodeJwt(session!.access_token);
      expect(claims).toMatchObject({
        aud: 'authenticated',
        role: 'authenticated',
        sub: user!.id,
        email,
        phone: '',
        aal: 'aal1',
        is_anonymous: false,
        app_metadata: { provider: 'email', providers: ['email'] },
        user_metadata: { display_name: 'Chef Fan' },
      });
      expect(claims.session_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
      expect(claims.exp! - claims.iat!).toBe(3600);
    });

    it('stores a bcrypt hash, never the password, and only hashes of refresh tokens', async () => {
      const email = uniqueEmail();
      const { data } = await t.client().auth.signUp({ email, password: 'plain-password-1' });
      const rows = await t.server.db.tx(null, (sql) =>
        sql<{ encrypted_password: string }>('select encrypted_password from auth.users where email = $1', [email]),
      );
      expect(rows.rows[0]!.encrypted_password).toMatch(/^\$2[aby]\$10\$/);
      expect(rows.rows[0]!.encrypted_password).not.toContain('plain-password-1');
      const tokens = await t.server.db.tx(null, (sql) =>
        sql<{ token: string }>('select token from auth.refresh_tokens where user_id = $1', [data.user!.id]),
      );
      expect(tokens.rows).toHaveLength(1);
      expect(tokens.rows[0]!.token).not.toBe(data.session!.refresh_token);
    });

    it('refuses an e-mail already registered, whatever its case', async () => {
      const email = uniqueEmail();
      await t.client().auth.signUp({ email, password: 'secret123' });
      const { data, error } = await t.client().auth.signUp({ email: email.toUpperCase(), password: 'other-secret' });
      expect(error).toMatchObject({ status: 422, code: 'user_already_exists', message: 'User already registered' });
      expect(data.session).toBeNull();
    });

    it('refuses a password shorter than 6 characters (weak_password)', async () => {
      const email = uniqueEmail();
      const { error } = await t.client().auth.signUp({ email, password: '12345' });
      expect(error).toMatchObject({
        name: 'AuthWeakPasswordError',
        status: 422,
        code: 'weak_password',
        message: 'Password should be at least 6 characters.',
        reasons: ['length'],
      });
      const signIn = await t.client().auth.signInWithPassword({ email, password: '12345' });
      expect(signIn.error?.code).toBe('invalid_credentials');
    });

    it('asks for an e-mail and a password when one is missing', async () => {
      for (const credentials of [
        { email: '', password: 'secret123' },
        { email: uniqueEmail(), password: '' },
      ]) {
        const { error } = await t.client().auth.signUp(credentials);
        expect(error).toMatchObject({
          status: 400,
          code: 'validation_failed',
          message: 'You must provide either an email or phone number and a password',
        });
      }
    });

    it('refuses a malformed e-mail address', async () => {
      for (const email of ['not-an-email', 'a@b', 'two@@example.com', 'sp ace@example.com']) {
        const { error } = await t.client().auth.signUp({ email, password: 'secret123' });
        expect(error).toMatchObject({
          status: 400,
          code: 'validation_failed',
          message: 'Unable to validate email address: invalid format',
        });
      }
    });

    it('answers malformed bodies with 4xx, never 500', async () => {
      const cases: [string, string][] = [
        ['/auth/v1/signup', '{not json'],
        ['/auth/v1/signup', '[1,2,3]'],
        ['/auth/v1/signup', JSON.stringify({ email: 42, password: ['x'] })],
        ['/auth/v1/signup', JSON.stringify({ email: uniqueEmail(), password: 'secret123', data: 'nope' })],
        ['/auth/v1/token?grant_type=password', '"just a string"'],
        ['/auth/v1/token?grant_type=refresh_token', JSON.stringify({ refresh_token: 7 })],
        ['/auth/v1/signup', JSON.stringify({ email: uniqueEmail(), password: 'x'.repeat(100 * 1024) })],
      ];
      for (const [pathname, body] of cases) {
        const res = await t.api(pathname, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
        expect(res.status, `${pathname} ${body.slice(0, 40)}`).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        const json = await res.json();
        expect(typeof json.error_code).toBe('string');
        expect(typeof json.msg).toBe('string');
      }
    });
  });

  describe('sign in', () => {
    it('returns a session for the right password', async () => {
      const email = uniqueEmail();
      await t.client().auth.signUp({ email, password: 'secret123' });
      const { data, error } = await t
        .client()
        .auth.signInWithPassword({ email: ` ${email.toUpperCase()} `, password: 'secret123' });
      expect(error).toBeNull();
      expect(data.session?.access_token).toBeTruthy();
      expect(data.user?.email).toBe(email);
      expect(data.user?.last_sign_in_at).toBeTruthy();
    });

    it('gives the same answer for a wrong password and an unknown e-mail', async () => {
      const email = uniqueEmail();
      await t.client().auth.signUp({ email, password: 'secret123' });
      const wrong = await t.client().auth.signInWithPassword({ email, password: 'secret124' });
      const unknown = await t.client().auth.signInWithPassword({ email: uniqueEmail(), password: 'secret123' });
      for (const { error, data } of [wrong, unknown]) {
        expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
        expect(data.session).toBeNull();
      }
    });

    it('refuses a password longer than 72 bytes, as sign-up does, even when its first 72 bytes are right', async () => {
      const email = uniqueEmail();
      const password = 'p'.repeat(72);
      expect((await t.client().auth.signUp({ email, password })).error).toBeNull();
      expect((await t.client().auth.signUp({ email: uniqueEmail(), password: `${password}x` })).error).toMatchObject({
        status: 422,
        message: 'Password cannot be longer than 72 characters',
      });
      // bcrypt reads 72 bytes: the suffix would otherwise be ignored.
      for (const longer of [`${password}x`, `${password}-anything at all`, `${'p'.repeat(71)}é`]) {
        const { error, data } = await t.client().auth.signInWithPassword({ email, password: longer });
        expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
        expect(data.session).toBeNull();
      }
      expect((await t.client().auth.signInWithPassword({ email, password })).error).toBeNull();
    });

    it('answers tokens with Cache-Control: no-store', async () => {
      const email = uniqueEmail();
      const signUp = await t.api('/auth/v1/signup', {
        method: 'POST',
        body: JSON.stringify({ email, password: 'secret123' }),
      });
      expect(signUp.status).toBe(200);
      expect(signUp.headers.get('cache-control')).toBe('no-store');
      const signIn = await t.api('/auth/v1/token?grant_type=password', {
        method: 'POST',
        body: JSON.stringify({ email, password: 'secret123' }),
      });
      expect(signIn.status).toBe(200);
      expect(signIn.headers.get('cache-control')).toBe('no-store');
      const { access_token, refresh_token } = (await signIn.json()) as { access_token: string; refresh_token: string };
      const refreshed = await t.api('/auth/v1/token?grant_type=refresh_token', {
        method: 'POST',
        body: JSON.stringify({ refresh_token }),
      });
      expect(refreshed.headers.get('cache-control')).toBe('no-store');
      const user = await t.api('/auth/v1/user', { bearer: access_token });
      expect(user.headers.get('cache-control')).toBe('no-store');
      const wrong = await t.api('/auth/v1/token?grant_type=password', {
        method: 'POST',
        body: JSON.stringify({ email, password: 'nope1234' }),
      });
      expect(wrong.status).toBe(400);
      expect(wrong.headers.get('cache-control')).toBe('no-store');
      // What a signed-in user reads over the REST API is not kept either; an anonymous answer is
      // cacheable as before.
      const rest = await fetch(`${t.server.url}/rest/v1/community_recipes?select=id`, {
        headers: { apikey: t.server.anonKey, authorization: `Bearer ${access_token}` },
      });
      expect(rest.status).toBe(200);
      expect(rest.headers.get('cache-control')).toBe('no-store');
      const anonymous = await fetch(`${t.server.url}/rest/v1/community_recipes?select=id`, {
        headers: { apikey: t.server.anonKey },
      });
      expect(anonymous.headers.get('cache-control')).not.toBe('no-store');
    });

    it('asks for an e-mail and a password', async () => {
      const { error } = await t.client().auth.signInWithPassword({ email: '', password: '' });
      expect(error).toMatchObject({
        status: 400,
        code: 'validation_failed',
        message: 'You must provide either an email or phone number and a password',
      });
    });

    it('refuses an unsupported grant type', async () => {
      const res = await t.api('/auth/v1/token?grant_type=magic', { method: 'POST', body: '{}' });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error_code: 'unsupported_grant_type' });
    });

    it('tells onAuthStateChange listeners about sign-in, refresh and sign-out', async () => {
      const email = uniqueEmail();
      await t.client().auth.signUp({ email, password: 'secret123' });
      const client = t.client();
      const events: AuthChangeEvent[] = [];
      const { data: sub } = client.auth.onAuthStateChange((event) => {
        events.push(event);
      });
      await client.auth.signInWithPassword({ email, password: 'secret123' });
      await client.auth.refreshSession();
      await client.auth.signOut();
      sub.subscription.unsubscribe();
      expect(events).toEqual(['INITIAL_SESSION', 'SIGNED_IN', 'TOKEN_REFRESHED', 'SIGNED_OUT']);
    });
  });

  describe('refresh tokens', () => {
    async function signedIn() {
      const email = uniqueEmail();
      const client = t.client();
      const { data } = await client.auth.signUp({ email, password: 'secret123' });
      return { client, session: data.session! };
    }

    it('rotates: each refresh returns a new refresh token and a new access token', async () => {
      const { client, session } = await signedIn();
      const { data, error } = await client.auth.refreshSession();
      expect(error).toBeNull();
      expect(data.session!.refresh_token).not.toBe(session.refresh_token);
      expect(decodeJwt(data.session!.access_token).session_id).toBe(decodeJwt(session.access_token).session_id);
      const again = await client.auth.refreshSession();
      expect(again.error).toBeNull();
      expect(again.data.session!.refresh_token).not.toBe(data.session!.refresh_token);
    });

    it('lets a token used twice within 10 s through (two tabs refreshing at once)', async () => {
      const { session } = await signedIn();
      const first = await t.client().auth.refreshSession({ refresh_token: session.refresh_token });
      const second = await t.client().auth.refreshSession({ refresh_token: session.refresh_token });
      expect(first.error).toBeNull();
      expect(second.error).toBeNull();
      // Both tabs carry on with working tokens of the same session.
      for (const r of [first, second]) {
        const next = await t.client().auth.refreshSession({ refresh_token: r.data.session!.refresh_token });
        expect(next.error).toBeNull();
      }
    });

    it('refuses a token reused later and revokes its whole session family', async () => {
      const { session } = await signedIn();
      const rotated = await t.client().auth.refreshSession({ refresh_token: session.refresh_token });
      expect(rotated.error).toBeNull();
      // Make the revocation older than the reuse interval.
      await t.server.db.tx(null, (sql) =>
        sql(`update auth.refresh_tokens set updated_at = now() - interval '1 minute' where revoked`),
      );
      const reused = await t.client().auth.refreshSession({ refresh_token: session.refresh_token });
      expect(reused.error).toMatchObject({
        status: 400,
        code: 'refresh_token_already_used',
        message: 'Invalid Refresh Token: Already Used',
      });
      // The legitimate holder's newer token is dead too.
      const child = await t.client().auth.refreshSession({ refresh_token: rotated.data.session!.refresh_token });
      expect(child.error?.code).toBe('refresh_token_already_used');
    });

    it('refuses an unknown refresh token', async () => {
      const { error } = await t.client().auth.refreshSession({ refresh_token: 'no-such-token-anywhere' });
      expect(error).toMatchObject({
        status: 400,
        code: 'refresh_token_not_found',
        message: 'Invalid Refresh Token: Refresh Token Not Found',
      });
    });
  });

  describe('logout', () => {
    it('ends the session: the old access token is refused at /user and the refresh token is dead', async () => {
      const email = uniqueEmail();
      const client = t.client();
      const { data } = await client.auth.signUp({ email, password: 'secret123' });
      const { access_token, refresh_token } = data.session!;

      const { error } = await client.auth.signOut();
      expect(error).toBeNull();
      expect((await client.auth.getSession()).data.session).toBeNull();

      const res = await t.api('/auth/v1/user', { bearer: access_token });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ error_code: 'session_not_found' });
      const viaClient = await t.client().auth.getUser(access_token);
      expect(viaClient.error?.name).toBe('AuthSessionMissingError');

      const refreshed = await t.client().auth.refreshSession({ refresh_token });
      expect(refreshed.error?.code).toBe('refresh_token_not_found');
    });

    it('ends only this session with scope=local, every other one with scope=others', async () => {
      const email = uniqueEmail();
      await t.client().auth.signUp({ email, password: 'secret123' });
      const sessions = [];
      for (let i = 0; i < 3; i++) {
        const { data } = await t.client().auth.signInWithPassword({ email, password: 'secret123' });
        sessions.push(data.session!);
      }
      const status = async (token: string) => (await t.api('/auth/v1/user', { bearer: token })).status;

      let res = await t.api('/auth/v1/logout?scope=local', { method: 'POST', bearer: sessions[0]!.access_token });
      expect(res.status).toBe(204);
      expect(await status(sessions[0]!.access_token)).toBe(403);
      expect(await status(sessions[1]!.access_token)).toBe(200);

      res = await t.api('/auth/v1/logout?scope=others', { method: 'POST', bearer: sessions[1]!.access_token });
      expect(res.status).toBe(204);
      expect(await status(sessions[1]!.access_token)).toBe(200);
      expect(await status(sessions[2]!.access_token)).toBe(403);
    });

    it('requires a bearer token', async () => {
      const res = await t.api('/auth/v1/logout', { method: 'POST' });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error_code: 'no_authorization' });
      const anon = await t.api('/auth/v1/logout', { method: 'POST', bearer: t.server.anonKey });
      expect(anon.status).toBe(403);
      expect(await anon.json()).toMatchObject({ error_code: 'bad_jwt' });
    });
  });

  describe('user', () => {
    it('getUser returns the signed-in user; updateUser merges data and changes the password', async () => {
      const email = uniqueEmail();
      const client = t.client();
      const { data: signUp } = await client.auth.signUp({
        email,
        password: 'secret123',
        options: { data: { a: 1, b: 2 } },
      });

      const got = await client.auth.getUser();
      expect(got.error).toBeNull();
      expect(got.data.user).toMatchObject({ id: signUp.user!.id, email, user_metadata: { a: 1, b: 2 } });

      const updated = await client.auth.updateUser({ data: { b: null, c: 'three' } });
      expect(updated.error).toBeNull();
      expect(updated.data.user!.user_metadata).toMatchObject({ a: 1, c: 'three' });
      expect(updated.data.user!.user_metadata).not.toHaveProperty('b');

      const same = await client.auth.updateUser({ password: 'secret123' });
      expect(same.error).toMatchObject({ status: 422, code: 'same_password' });
      const weak = await client.auth.updateUser({ password: 'abc' });
      expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' });

      const changed = await client.auth.updateUser({ password: 'new-secret-456' });
      expect(changed.error).toBeNull();
      expect((await t.client().auth.signInWithPassword({ email, password: 'secret123' })).error?.code).toBe(
        'invalid_credentials',
      );
      expect((await t.client().auth.signInWithPassword({ email, password: 'new-secret-456' })).error).toBeNull();
    });

    it('changes the e-mail (autoconfirmed) but not to one another user has', async () => {
      const taken = uniqueEmail();
      await t.client().auth.signUp({ email: taken, password: 'secret123' });
      const client = t.client();
      await client.auth.signUp({ email: uniqueEmail(), password: 'secret123' });

      const clash = await client.auth.updateUser({ email: taken });
      expect(clash.error).toMatchObject({ status: 422, code: 'email_exists' });
      const bad = await client.auth.updateUser({ email: 'nope' });
      expect(bad.error).toMatchObject({ status: 400, code: 'validation_failed' });

      const fresh = uniqueEmail();
      const ok = await client.auth.updateUser({ email: fresh.toUpperCase() });
      expect(ok.error).toBeNull();
      expect(ok.data.user!.email).toBe(fresh);
      expect((await t.client().auth.signInWithPassword({ email: fresh, password: 'secret123' })).error).toBeNull();
    });

    it('refuses forged, expired and alg:none tokens, and keys without a user', async () => {
      const email = uniqueEmail();
      const { data } = await t.client().auth.signUp({ email, password: 'secret123' });
      const claims = decodeJwt(data.session!.access_token);
      const now = Math.floor(Date.now() / 1000);

      const forged = await new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(new TextEncoder().encode('some-other-secret-that-is-long-enough-1234'));
      const expired = await new SignJWT({ ...claims, iat: now - 7200, exp: now - 3600 })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(new TextEncoder().encode(TEST_JWT_SECRET));
      const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
      const algNone = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;

      for (const token of [forged, expired, algNone, 'not.a.jwt']) {
        const res = await t.api('/auth/v1/user', { bearer: token });
        expect(res.status).toBe(403);
        expect(await res.json()).toMatchObject({ error_code: 'bad_jwt' });
      }
      for (const key of [t.server.anonKey, t.server.serviceKey]) {
        const res = await t.api('/auth/v1/user', { bearer: key });
        expect(res.status).toBe(403);
        expect(await res.json()).toMatchObject({ error_code: 'bad_jwt' });
      }
      const missing = await t.api('/auth/v1/user');
      expect(missing.status).toBe(401);
      expect(await missing.json()).toMatchObject({ error_code: 'no_authorization' });

      // The genuine token still works.
      expect((await t.api('/auth/v1/user', { bearer: data.session!.access_token })).status).toBe(200);
    });
  });

  describe('rate limits', () => {
    // Each test counts from its own address: neither spends the other's allowance.
    let limited: Harness;
    beforeAll(async () => {
      limited = harness(await startTestServer(backend, { env: { RATE_LIMIT_SIGN_IN: '3', RATE_LIMIT_SIGN_UP: '2' } }));
    });
    afterAll(async () => {
      await limited?.server.stop();
    });

    it('answers 429 over_request_rate_limit after N sign-ins from one address', async () => {
      const address = freshAddress();
      const email = uniqueEmail();
      expect((await limited.client(undefined, address).auth.signUp({ email, password: 'secret123' })).error).toBeNull();
      for (let i = 0; i < 3; i++) {
        const { error } = await limited
          .client(undefined, address)
          .auth.signInWithPassword({ email, password: i === 1 ? 'wrong-one' : 'secret123' });
        expect(error?.status === 429).toBe(false);
      }
      const { error } = await limited
        .client(undefined, address)
        .auth.signInWithPassword({ email, password: 'secret123' });
      expect(error).toMatchObject({
        status: 429,
        code: 'over_request_rate_limit',
        message: 'Request rate limit reached',
      });
    });

    it('answers 429 after N sign-ups from one address', async () => {
      const address = freshAddress();
      for (let i = 0; i < 2; i++) {
        expect(
          (await limited.client(undefined, address).auth.signUp({ email: uniqueEmail(), password: 'secret123' })).error,
        ).toBeNull();
      }
      const { error } = await limited
        .client(undefined, address)
        .auth.signUp({ email: uniqueEmail(), password: 'secret123' });
      expect(error).toMatchObject({
        status: 429,
        code: 'over_request_rate_limit',
        message: 'Request rate limit reached',
      });
    });
  });
});
