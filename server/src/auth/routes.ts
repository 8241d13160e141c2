import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { AppContext, AppEnv } from '../http/context.ts';
import type { Sql } from '../db/index.ts';
import { limitBody, readJson } from '../http/body.ts';
import type { JwtClaims } from '../data-dir/keys.ts';
import { clientAddress } from '../http/rate-limit.ts';
import { emailChangePage } from './email-change.ts';
import { authBody, authErrors } from './error-codes.ts';
import { createPasswords } from './passwords.ts';
import { hashRefreshToken, newRefreshToken, sessionJson, userJson, type UserJson } from './session.ts';
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
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `/auth/v1`: the part of GoTrue's API the site uses, with GoTrue's paths, bodies, statuses and
 * error codes, so that supabase-js's auth client works unchanged. E-mail sign-up is
 * autoconfirmed (no mailer locally). Every route and what runs before it is in this file; SQL is
 * in `store.ts`, token and JSON shaping in `session.ts`.
 *
 *   GET  /health, GET /settings
 *   POST /signup                          rate-limited (signUp)
 *   POST /token?grant_type=password       rate-limited (signIn)
 *   POST /token?grant_type=refresh_token  rotation with reuse detection
 *   POST /logout?scope=global|local|others  bearer required
 *   GET  /user, PUT /user                 bearer required; with mail configured a new e-mail
 *                                         waits for its mailbox's confirmation (secure change)
 *   GET  /verify?type=email_change        the confirmation link's page (changes nothing)
 *   POST /verify                          the page's button: makes the change, once
 */
export function authRoutes(ctx: AppContext): Hono<AppEnv> {
  const { db, keys, config, rateLimiter } = ctx;
  const app = new Hono<AppEnv>();
  // bcrypt in libuv's thread pool, never on the event loop (./passwords.ts).
  const passwords = createPasswords({ threads: config.passwordHashThreads, rememberSeconds: config.passwordCacheSeconds });
  // Compared against when the e-mail is unknown, so both failures take the same time.
  void passwords.dummyHash();

  app.use('*', limitBody(authBody));

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

  app.get('/health', (c) =>
    c.json({ version: 'local', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' }),
  );

  app.get('/settings', (c) =>
    c.json({
      external: {
        anonymous_users: false,
        apple: false,
        azure: false,
        bitbucket: false,
        discord: false,
        facebook: false,
        figma: false,
        fly: false,
        github: false,
        gitlab: false,
        google: false,
        keycloak: false,
        kakao: false,
        linkedin: false,
        linkedin_oidc: false,
        notion: false,
        spotify: false,
        slack: false,
        slack_oidc: false,
        twitch: false,
        twitter: false,
        workos: false,
        zoom: false,
        email: true,
        phone: false,
      },
      disable_signup: false,
      mailer_autoconfirm: true,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }),
  );

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

  app.get('/user', async (c) => {
    const { user } = await requireUser(c);
    return c.json(user);
  });

  app.put('/user', async (c) => {
    const { row, user, sessionId } = await requireUser(c);
    const body = await readJson(c, authBody);

    let email: string | undefined;
    if (typeof body.email === 'string' && body.email.trim() !== '') {
      const wanted = normaliseEmail(body.email);
      checkEmail(wanted);
      if (wanted !== row.email?.toLowerCase()) email = wanted;
    }

    let passwordHash: string | undefined;
    if (typeof body.password === 'string') {
      checkPassword(body.password);
      if (row.encrypted_password && (await passwords.verify(body.password, row.encrypted_password))) {
        throw authErrors.samePassword();
      }
      passwordHash = await passwords.hash(body.password);
    }

    const data = checkMetadata(body.data);
    let userMetadata: Record<string, unknown> | undefined;
    if (data || email) {
      // GoTrue's merge: top-level keys replace, a null value removes the key.
      userMetadata = { ...user.user_metadata };
      for (const [k, v] of Object.entries(data ?? {})) {
        if (v === null) delete userMetadata[k];
        else userMetadata[k] = v;
      }
      if (email && 'email' in userMetadata) userMetadata.email = email;
    }

    // GoTrue's secure e-mail change: when mail can be sent, the new address is only kept as
    // pending and a link goes to it; the account's address changes when that mailbox confirms
    // (POST /verify). Anyone may sign up without proving a mailbox, but nobody takes an address
    // over this way. A few requests an hour per account: each one mails a stranger's address.
    let pending: { email: string; token: string; tokenHash: string } | undefined;
    if (email && ctx.mailConfigured) {
      if (!rateLimiter.hit('auth:email_change', row.id, EMAIL_CHANGES_PER_HOUR, 3600)) {
        throw authErrors.overEmailSendRateLimit();
      }
      const token = randomBytes(32).toString('hex');
      pending = { email, token, tokenHash: sha256(token) };
      email = undefined;
      if (userMetadata && 'email' in userMetadata) userMetadata.email = row.email;
    }

    const updated = await db
      .tx(null, async (sql) => {
        // A direct change (no mail configured) cannot take another account's address. A mailed
        // change answers the same whoever holds the address, as hosted GoTrue does with secure
        // e-mail change on: the link goes out, and confirming it fails if the address is taken
        // (POST /verify), so the answer tells nobody which addresses have accounts (issue 38, F12).
        if (email && (await store.emailTakenByOther(sql, email, row.id))) throw authErrors.emailExists();
        if (pending) await store.requestEmailChange(sql, { userId: row.id, ...pending });
        const next = await store.updateUser(sql, row.id, { email, passwordHash, userMetadata });
        // A new password ends every other session, as GoTrue does.
        if (passwordHash && sessionId) await store.deleteSessions(sql, row.id, { except: sessionId });
        return userJson(next, await store.findIdentities(sql, row.id));
      })
      .catch((err: unknown) => {
        if (pgCode(err) === '23505') throw authErrors.emailExists();
        throw err;
      });
    return c.json(updated satisfies UserJson);
  });

  const htmlPage = (c: Context<AppEnv>, html: string, status: 200 | 400 = 200) =>
    c.body(html, status, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': "default-src 'none'; form-action 'self'; style-src 'unsafe-inline'" });

  app.get('/verify', (c) => {
    const token = c.req.query('token') ?? '';
    if (c.req.query('type') !== 'email_change' || !/^[0-9a-f]{64}$/.test(token)) return htmlPage(c, emailChangePage({ kind: 'invalid' }), 400);
    return htmlPage(c, emailChangePage({ kind: 'ask', token }));
  });

  app.post('/verify', async (c) => {
    limit(c, 'auth:verify', config.rateLimits.signIn);
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const token = typeof form.token === 'string' ? form.token : '';
    if (form.type !== 'email_change' || !/^[0-9a-f]{64}$/.test(token)) return htmlPage(c, emailChangePage({ kind: 'invalid' }), 400);
    const changed = await db
      .tx(null, async (sql) => {
        const row = await store.confirmEmailChange(sql, sha256(token));
        // The address may have been taken by a sign-up since the link was sent: the unique
        // index refuses the change (below), and the link stays unused.
        return row;
      })
      .catch((err: unknown) => {
        if (pgCode(err) === '23505') return undefined;
        throw err;
      });
    if (!changed) return htmlPage(c, emailChangePage({ kind: 'invalid' }), 400);
    return htmlPage(c, emailChangePage({ kind: 'done', email: changed.email ?? '' }));
  });

  return app;
}

/** E-mail change requests per account per hour, when each one sends a message. */
const EMAIL_CHANGES_PER_HOUR = 3;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');


function pgCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
