import fs from 'node:fs';
import path from 'node:path';
import { SignJWT } from 'jose';
import { api, start, type ScenarioResult, type Target } from './product.ts';

/**
 * Scenario 2, forged and stale tokens: `alg: none`, a wrong secret, expired, a forged `role` claim
 * (re-signed with a wrong secret, and the anon key's signature over a service_role payload), and a
 * refresh token used again after rotation and after logout. Each is sent to every API; each must
 * be refused with that API's error shape (PostgREST `{code, details, hint, message}`, GoTrue
 * `{code, error_code, msg}`, Storage `{statusCode, error, message}`), and nothing it asked done.
 */
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

export async function tokens(target: Target): Promise<ScenarioResult> {
  const t0 = Date.now();
  const server = await start(target);
  const failures: string[] = [];
  let checks = 0;
  try {
    const secret = target.env.JWT_SECRET ?? fs.readFileSync(path.join(target.dataDir, 'jwt-secret'), 'utf8').trim();
    const now = Math.floor(Date.now() / 1000);
    const email = `tokens-${Date.now()}@example.com`;
    const signup = await api(server, server.anonKey, 'POST', '/auth/v1/signup', { email, password: 'tokens-pass-1' });
    const session = signup.json as { access_token: string; refresh_token: string; user: { id: string } };
    const sub = session.user.id;
    const sign = (claims: Record<string, unknown>, key: string, exp = now + 3600) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(now - 10)
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(key));
    const [, anonPayload, anonSig] = server.anonKey.split('.');
    const forged: [string, string][] = [
      [
        'alg none (service_role)',
        `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ role: 'service_role', iss: 'supabase', exp: now + 3600 })}.`,
      ],
      [
        'alg none (member)',
        `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ role: 'authenticated', sub, exp: now + 3600 })}.`,
      ],
      [
        'wrong secret (member)',
        await sign({ role: 'authenticated', sub, aud: 'authenticated' }, 'not-the-secret-not-the-secret-0123456789'),
      ],
      [
        'wrong secret (service_role)',
        await sign({ role: 'service_role', iss: 'supabase' }, 'not-the-secret-not-the-secret-0123456789'),
      ],
      ['expired (member)', await sign({ role: 'authenticated', sub, aud: 'authenticated' }, secret, now - 60)],
      [
        'forged role claim (anon signature, service_role payload)',
        `${server.anonKey.split('.')[0]}.${b64({ ...JSON.parse(Buffer.from(anonPayload!, 'base64url').toString()), role: 'service_role' })}.${anonSig}`,
      ],
      ['unknown role, right secret', await sign({ role: 'postgres', sub }, secret)],
      [
        'HS512 with the secret',
        await new SignJWT({ role: 'service_role' })
          .setProtectedHeader({ alg: 'HS512' })
          .setExpirationTime(now + 3600)
          .sign(new TextEncoder().encode(secret)),
      ],
    ];

    const shapes = {
      rest: (j: Record<string, unknown>) =>
        typeof j.code === 'string' && 'message' in j && 'details' in j && 'hint' in j,
      auth: (j: Record<string, unknown>) =>
        typeof j.code === 'number' && typeof j.error_code === 'string' && typeof j.msg === 'string',
      /** Supabase's gateway, for a key that is not one of the project's. */
      gateway: (j: Record<string, unknown>) => j.message === 'Invalid API key' && typeof j.hint === 'string',
      storage: (j: Record<string, unknown>) =>
        typeof j.statusCode === 'string' && typeof j.error === 'string' && typeof j.message === 'string',
    };
    const expectRefused = (
      what: string,
      api_: keyof typeof shapes,
      r: { status: number; json: unknown; body: string },
    ) => {
      checks++;
      const j = (r.json ?? {}) as Record<string, unknown>;
      if (r.status < 400 || r.status >= 500 || !shapes[api_](j))
        failures.push(`${what}: ${r.status} ${r.body.slice(0, 160)}`);
    };

    for (const [name, token] of forged) {
      const send = (method: string, p: string, body?: unknown, headers: Record<string, string> = {}) =>
        api(server, server.anonKey, method, p, body, { ...headers, token });
      const asKey = (method: string, p: string, body?: unknown) => api(server, token, method, p, body, { token });
      expectRefused(`${name}: REST select bookings`, 'rest', await send('GET', '/rest/v1/bookings?select=*'));
      expectRefused(`${name}: REST select recipes`, 'rest', await send('GET', '/rest/v1/community_recipes?select=*'));
      expectRefused(
        `${name}: REST update recipes`,
        'rest',
        await send('PATCH', '/rest/v1/community_recipes?status=eq.pending', { status: 'approved' }),
      );
      expectRefused(`${name}: REST delete bookings`, 'rest', await send('DELETE', '/rest/v1/bookings?id=not.is.null'));
      expectRefused(`${name}: as apikey`, 'gateway', await asKey('GET', '/rest/v1/community_recipes?select=*'));
      expectRefused(`${name}: auth user`, 'auth', await send('GET', '/auth/v1/user'));
      expectRefused(
        `${name}: auth update user`,
        'auth',
        await send('PUT', '/auth/v1/user', { data: { role: 'owner' } }),
      );
      expectRefused(`${name}: auth logout`, 'auth', await send('POST', '/auth/v1/logout'));
      expectRefused(
        `${name}: storage list`,
        'storage',
        await send('POST', '/storage/v1/object/list/community_recipes', { prefix: '' }),
      );
      expectRefused(
        `${name}: storage delete`,
        'storage',
        await send('DELETE', '/storage/v1/object/community_recipes', { prefixes: ['x.png'] }),
      );
      expectRefused(`${name}: storage buckets`, 'storage', await send('GET', '/storage/v1/bucket'));
    }

    // Refresh tokens: rotation, then the old one again; logout, then the current one again.
    const refresh = (token: string) =>
      api(server, server.anonKey, 'POST', '/auth/v1/token?grant_type=refresh_token', { refresh_token: token });
    await new Promise((r) => setTimeout(r, 10)); // GoTrue lets a token be reused for 10 s (two tabs): wait it out below
    const first = session.refresh_token;
    const rotated = await refresh(first);
    checks++;
    if (rotated.status !== 200)
      failures.push(`rotation itself failed: ${rotated.status} ${rotated.body.slice(0, 160)}`);
    const second = (rotated.json as { refresh_token: string; access_token: string }).refresh_token;
    // Inside the reuse interval GoTrue answers a parallel refresh; the check is after it.
    await new Promise((r) => setTimeout(r, 10_500));
    expectRefused('refresh token reused after rotation', 'auth', await refresh(first));
    // Reuse revokes the whole family: the newer token is refused too.
    expectRefused('refresh token of a family revoked by reuse', 'auth', await refresh(second));

    const again = await api(server, server.anonKey, 'POST', '/auth/v1/token?grant_type=password', {
      email,
      password: 'tokens-pass-1',
    });
    const s2 = again.json as { access_token: string; refresh_token: string };
    const out = await api(server, server.anonKey, 'POST', '/auth/v1/logout', undefined, { token: s2.access_token });
    checks++;
    if (out.status !== 204) failures.push(`logout failed: ${out.status} ${out.body.slice(0, 160)}`);
    expectRefused('refresh token reused after logout', 'auth', await refresh(s2.refresh_token));
  } finally {
    await server.stop();
  }
  return {
    scenario: 'Tokens',
    database: target.name,
    did: `${checks} checks: alg none, wrong secret, expired, forged role claims, other algorithm × REST, auth, storage; refresh token after rotation and after logout`,
    found: failures.length
      ? `${failures.length} accepted or answered in the wrong shape: ${failures.slice(0, 3).join('; ')}`
      : 'all refused with the API’s error shape',
    ok: failures.length === 0,
    seconds: (Date.now() - t0) / 1000,
    details: { failures },
  };
}
