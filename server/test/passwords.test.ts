import { performance } from 'node:perf_hooks';
import bcryptjs from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPasswords } from '../src/auth/passwords.ts';
import { backends, client, freshAddress, startTestServer, type TestServer } from './support/backend.ts';

/**
 * Password hashing runs off the event loop (server/src/auth/passwords.ts), and hashes made before
 * (bcryptjs, GoTrue, hosted Supabase: `$2a$`/`$2b$` at cost 10) still sign in.
 */
describe.each(backends)('passwords on $name', (backend) => {
  let server: TestServer;

  beforeAll(async () => {
    // Every check through bcrypt (nothing remembered), so that the event-loop test below measures it.
    server = await startTestServer(backend, {
      env: { RATE_LIMIT_SIGN_IN: '100000', RATE_LIMIT_SIGN_UP: '100000', PASSWORD_CACHE_SECONDS: '0' },
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const signIn = (email: string, password: string) =>
    fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: server.anonKey, 'Content-Type': 'application/json', 'X-Forwarded-For': freshAddress() },
      body: JSON.stringify({ email, password }),
    });

  it('signs in users whose hashes another bcrypt made ($2a$ and $2b$)', async () => {
    for (const [prefix, hash] of [
      ['2b', bcryptjs.hashSync('old password 1', 10)],
      ['2a', bcryptjs.hashSync('old password 1', 10).replace(/^\$2b\$/, '$2a$')],
    ] as const) {
      const email = `old-${prefix}-${Date.now()}@example.com`;
      const { data, error } = await client(server, server.anonKey).auth.signUp({ email, password: 'placeholder 1' });
      expect(error).toBeNull();
      // The hash a migrated user brings, written where GoTrue keeps it.
      await server.db.tx(null, (sql) =>
        sql(`update auth.users set encrypted_password = $2 where id = $1`, [data.user!.id, hash]),
      );
      expect((await signIn(email, 'old password 1')).status).toBe(200);
      expect((await signIn(email, 'wrong password 1')).status).toBe(400);
    }
  });

  it('keeps the event loop free while passwords are checked', async () => {
    const email = `busy-${Date.now()}@example.com`;
    const password = 'correct horse 1';
    const signUp = await fetch(`${server.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: server.anonKey, 'Content-Type': 'application/json', 'X-Forwarded-For': freshAddress() },
      body: JSON.stringify({ email, password }),
    });
    expect(signUp.status).toBe(200);
    const n = 12;
    const before = performance.eventLoopUtilization();
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: n }, (_, i) => signIn(email, i % 2 ? password : 'wrong password 1')),
    );
    const elapsed = performance.now() - started;
    const busy = performance.eventLoopUtilization(before);
    expect(answers.map((r) => r.status)).toEqual(Array.from({ length: n }, (_, i) => (i % 2 ? 200 : 400)));
    // One bcrypt check at cost 10 holds a CPU for 40-70 ms; on the event loop the loop would be
    // busy at least that long per sign-in. Off it, the loop only routes requests and runs queries.
    const busyMsPerSignIn = busy.active / n;
    console.log(
      `${backend.name}: ${n} sign-ins in ${elapsed.toFixed(0)} ms, event loop busy ${busy.active.toFixed(0)} ms (${busyMsPerSignIn.toFixed(1)} ms each)`,
    );
    expect(busyMsPerSignIn).toBeLessThan(35);
  });
});

describe('remembered passwords', () => {
  it('accepts the same password against the same hash again without bcrypt', async () => {
    const passwords = createPasswords({ threads: 1 });
    const hash = await passwords.hash('correct horse 1');
    const before = passwords.bcryptChecks;
    expect(await passwords.verify('correct horse 1', hash)).toBe(true);
    expect(passwords.bcryptChecks).toBe(before + 1);
    expect(await passwords.verify('correct horse 1', hash)).toBe(true);
    expect(await passwords.verify('correct horse 1', hash)).toBe(true);
    expect(passwords.bcryptChecks).toBe(before + 1);
  });

  it('pays the full bcrypt check for a wrong password, every time, even for a remembered user', async () => {
    const passwords = createPasswords({ threads: 1 });
    const hash = await passwords.hash('correct horse 1');
    expect(await passwords.verify('correct horse 1', hash)).toBe(true);
    const before = passwords.bcryptChecks;
    for (const guess of ['correct horse 2', 'correct horse 1 ', '', 'CORRECT HORSE 1']) {
      expect(await passwords.verify(guess, hash)).toBe(false);
    }
    expect(passwords.bcryptChecks).toBe(before + 4);
    // A failed guess does not make the right password forgotten or wrong.
    expect(await passwords.verify('correct horse 1', hash)).toBe(true);
    expect(passwords.bcryptChecks).toBe(before + 4);
  });

  it('forgets a password when the stored hash changes (a new password, the same again)', async () => {
    const passwords = createPasswords({ threads: 1 });
    const first = await passwords.hash('correct horse 1');
    const second = await passwords.hash('correct horse 1');
    expect(await passwords.verify('correct horse 1', first)).toBe(true);
    const before = passwords.bcryptChecks;
    expect(await passwords.verify('correct horse 1', second)).toBe(true);
    expect(passwords.bcryptChecks).toBe(before + 1);
  });

  it('forgets after the time set, and remembers nothing with 0', async () => {
    const brief = createPasswords({ threads: 1, rememberSeconds: 1 });
    const hash = await brief.hash('correct horse 1');
    expect(await brief.verify('correct horse 1', hash)).toBe(true);
    await new Promise((r) => setTimeout(r, 1100));
    const before = brief.bcryptChecks;
    expect(await brief.verify('correct horse 1', hash)).toBe(true);
    expect(brief.bcryptChecks).toBe(before + 1);

    const off = createPasswords({ threads: 1, rememberSeconds: 0 });
    expect(await off.verify('correct horse 1', hash)).toBe(true);
    expect(await off.verify('correct horse 1', hash)).toBe(true);
    expect(off.bcryptChecks).toBe(2);
  });

  it('never remembers a hash that is not bcrypt', async () => {
    const passwords = createPasswords({ threads: 1 });
    expect(await passwords.verify('x', 'not a hash')).toBe(false);
    expect(await passwords.verify('x', 'not a hash')).toBe(false);
    expect(passwords.bcryptChecks).toBe(2);
  });
});
