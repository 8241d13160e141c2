import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import type { AppEnv } from '../http/context.ts';
import type { Sql } from '../db/index.ts';
import { readJson } from '../http/body.ts';
import { authBody, authErrors } from './error-codes.ts';
import { pgCode, type AuthDeps } from './route-deps.ts';
import { hashRefreshToken, newRefreshToken, sessionJson, userJson } from './session.ts';
import * as store from './store.ts';
import {
  MAX_PASSWORD_BYTES,
  MISSING_CREDENTIALS,
  checkEmail,
  checkMetadata,
  checkPassword,
  normaliseEmail,
  stringField,
} from './validate.ts';

/** GoTrue's default refresh-token reuse interval: a revoked token used again this soon is a tab race, not theft. */
const REUSE_INTERVAL_MS = 10_000;

/** POST /signup, POST /token (password, refresh_token), POST /logout. */
export function sessionRoutes(app: Hono<AppEnv>, deps: AuthDeps): void {
  const { ctx, passwords, limit, startSession, requireUser } = deps;
  const { db, keys, config } = ctx;

  app.post('/signup', async (c) => {
    limit(c, 'auth:signup', config.rateLimits.signUp);
    const body = await readJson(c, authBody);
    const email = normaliseEmail(body.email);
    const password = stringField(body, 'password');
    if (!email && stringField(body, 'phone')) {
      throw authErrors.phoneProviderDisabled('signups');
    }
    if (!email || !password) throw authErrors.validationFailed(MISSING_CREDENTIALS);
    checkEmail(email);
    checkPassword(password);
    const data = checkMetadata(body.data) ?? {};

    const passwordHash = await passwords.hash(password);
    const id = randomUUID();
    // GoTrue copies the identity's data into user_metadata, over what the client sent.
    const userMetadata = { ...data, email, email_verified: true, phone_verified: false, sub: id };
    const result = await db
      .tx(null, async (sql) => {
        if (await store.findUserByEmail(sql, email)) throw authErrors.userAlreadyExists();
        await store.createEmailUser(sql, { id, email, passwordHash, userMetadata });
        return startSession(sql, c, id);
      })
      .catch((err: unknown) => {
        // Two sign-ups racing for one address: the unique index decides.
        if (pgCode(err) === '23505') throw authErrors.userAlreadyExists();
        throw err;
      });
    return c.json(await sessionJson(keys, result.user, result.session, result.refreshToken, config.jwtExpiry));
  });

  app.post('/token', async (c) => {
    const grant = c.req.query('grant_type');
    if (grant === 'password') {
      limit(c, 'auth:signin', config.rateLimits.signIn);
      const body = await readJson(c, authBody);
      const email = normaliseEmail(body.email);
      const password = stringField(body, 'password');
      if (!email && stringField(body, 'phone')) {
        throw authErrors.phoneProviderDisabled('logins');
      }
      if (!email || !password) throw authErrors.validationFailed(MISSING_CREDENTIALS);
      // bcrypt reads 72 bytes and ignores the rest: sign-up refuses longer passwords, so no account
      // has one, and a longer one must not match on its first 72 bytes.
      if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) throw authErrors.invalidCredentials();

      // bcrypt runs outside any transaction: PGlite has one connection and it must not wait on hashing.
      const found = await db.tx(null, (sql) => store.findUserByEmail(sql, email));
      const ok = await passwords.verify(password, found?.encrypted_password || (await passwords.dummyHash()));
      if (!found || !found.encrypted_password || !ok) throw authErrors.invalidCredentials();
      if (found.banned_until && new Date(found.banned_until).getTime() > Date.now()) {
        throw authErrors.userBanned();
      }
      const result = await db.tx(null, async (sql) => {
        if (!(await store.findUserById(sql, found.id))) throw authErrors.invalidCredentials();
        return startSession(sql, c, found.id);
      });
      return c.json(await sessionJson(keys, result.user, result.session, result.refreshToken, config.jwtExpiry));
    }

    if (grant === 'refresh_token') {
      const body = await readJson(c, authBody);
      const presented = stringField(body, 'refresh_token');
      if (!presented) throw authErrors.validationFailed('refresh_token required');
      const outcome = await db.tx(null, async (sql) => refresh(sql, hashRefreshToken(presented)));
      if (outcome === 'reused') throw authErrors.refreshTokenAlreadyUsed();
      return c.json(await sessionJson(keys, outcome.user, outcome.session, outcome.refreshToken, config.jwtExpiry));
    }

    throw authErrors.unsupportedGrantType();
  });

  /**
   * Rotation: the presented token is revoked and a child issued in its session. A revoked token
   * presented again means it was copied: the whole session's tokens are revoked (committed, then
   * the caller answers `refresh_token_already_used`). Within GoTrue's reuse interval (10 s after
   * the revocation) it is taken for two tabs refreshing at once and answered with a sibling token
   * in the same session, as long as the session's family has not been revoked. (GoTrue answers
   * the current child instead; we store only hashes of tokens, so we cannot hand one out again.)
   */
  async function refresh(sql: Sql, hash: string) {
    const row = await store.findRefreshTokenForUpdate(sql, hash);
    if (!row || !row.session_id) throw authErrors.refreshTokenNotFound();
    const session = await store.findSession(sql, row.session_id);
    const userRow = await store.findUserById(sql, row.user_id);
    if (!session || !userRow) throw authErrors.refreshTokenNotFound();
    if (row.revoked) {
      const revokedFor = Date.now() - new Date(row.updated_at).getTime();
      const familyAlive = (await store.findActiveRefreshToken(sql, session.id)) !== undefined;
      if (!(revokedFor < REUSE_INTERVAL_MS && familyAlive)) {
        await store.revokeSessionTokens(sql, session.id);
        return 'reused' as const;
      }
    } else {
      await store.revokeRefreshToken(sql, row.id);
    }
    const next = newRefreshToken();
    await store.insertRefreshToken(sql, {
      tokenHash: next.hash,
      userId: row.user_id,
      sessionId: session.id,
      parentHash: row.token,
    });
    await store.markSessionRefreshed(sql, session.id);
    const user = userJson(userRow, await store.findIdentities(sql, userRow.id));
    return { user, session, refreshToken: next.token };
  }

  app.post('/logout', async (c) => {
    const scope = c.req.query('scope') ?? 'global';
    if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
      throw authErrors.validationFailed(`Unsupported logout scope "${scope.slice(0, 32)}"`);
    }
    const { row, sessionId } = await requireUser(c);
    await db.tx(null, (sql) => {
      if (scope === 'global' || !sessionId) return store.deleteSessions(sql, row.id, {});
      if (scope === 'local') return store.deleteSessions(sql, row.id, { only: sessionId });
      return store.deleteSessions(sql, row.id, { except: sessionId });
    });
    return c.body(null, 204);
  });
}
