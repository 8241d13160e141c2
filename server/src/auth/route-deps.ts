import { createHash, randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { AppContext, AppEnv } from '../http/context.ts';
import type { Sql } from '../db/index.ts';
import type { JwtClaims } from '../data-dir/keys.ts';
import { clientAddress } from '../http/rate-limit.ts';
import { authErrors } from './error-codes.ts';
import { createPasswords } from './passwords.ts';
import { newRefreshToken, userJson } from './session.ts';
import * as store from './store.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What every group of `/auth/v1` routes shares (./routes.ts puts the groups together). */
export type AuthDeps = ReturnType<typeof authDeps>;

export function authDeps(ctx: AppContext) {
  const { db, config, rateLimiter } = ctx;
  // bcrypt in libuv's thread pool, never on the event loop (./passwords.ts).
  const passwords = createPasswords({
    threads: config.passwordHashThreads,
    rememberSeconds: config.passwordCacheSeconds,
  });
  // Compared against when the e-mail is unknown, so both failures take the same time.
  void passwords.dummyHash();

  const limit = (c: Context<AppEnv>, bucket: string, max: number) => {
    if (!rateLimiter.hit(bucket, clientAddress(c), max, config.rateLimits.windowSeconds)) {
      throw authErrors.overRequestRateLimit();
    }
  };

  /** A new session and its first refresh token, in the caller's transaction. */
  const startSession = async (sql: Sql, c: Context<AppEnv>, userId: string) => {
    const session = await store.createSession(sql, {
      id: randomUUID(),
      userId,
      userAgent: c.req.header('user-agent')?.slice(0, 512) ?? null,
      ip: clientAddress(c),
    });
    const refresh = newRefreshToken();
    await store.insertRefreshToken(sql, { tokenHash: refresh.hash, userId, sessionId: session.id, parentHash: null });
    await store.touchSignIn(sql, userId);
    const user = userJson((await store.findUserById(sql, userId))!, await store.findIdentities(sql, userId));
    return { session, refreshToken: refresh.token, user };
  };

  /**
   * What GoTrue's `requireAuthentication` does: a bearer token (already verified by the
   * middleware) whose user and session still exist.
   */
  const requireUser = async (c: Context<AppEnv>) => {
    const authorization = c.req.header('authorization') ?? '';
    if (!/^bearer\s+\S+/i.test(authorization)) {
      throw authErrors.noAuthorization();
    }
    const claims: JwtClaims = c.get('claims');
    if (!claims.sub) throw authErrors.badJwt('invalid claim: missing sub claim');
    if (!UUID.test(claims.sub)) throw authErrors.badJwt('invalid claim: sub claim must be a UUID');
    const sessionId = typeof claims.session_id === 'string' ? claims.session_id : undefined;
    return db.tx(null, async (sql) => {
      const row = await store.findUserById(sql, claims.sub!);
      if (!row) throw authErrors.userNotFound();
      if (sessionId !== undefined) {
        const session = UUID.test(sessionId) ? await store.findSession(sql, sessionId) : undefined;
        if (!session || session.user_id !== row.id) {
          throw authErrors.sessionNotFound();
        }
      }
      return { row, user: userJson(row, await store.findIdentities(sql, row.id)), sessionId };
    });
  };

  return { ctx, passwords, limit, startSession, requireUser };
}

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export function pgCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
