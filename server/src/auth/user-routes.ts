import { randomBytes } from 'node:crypto';
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { readJson } from '../http/body.ts';
import { emailChangePage } from './email-change.ts';
import { authBody, authErrors } from './error-codes.ts';
import { pgCode, sha256, type AuthDeps } from './route-deps.ts';
import { userJson, type UserJson } from './session.ts';
import * as store from './store.ts';
import { checkEmail, checkMetadata, checkPassword, normaliseEmail } from './validate.ts';

/** E-mail change requests per account per hour, when each one sends a message. */
const EMAIL_CHANGES_PER_HOUR = 3;

/** GET and PUT /user (bearer required), and the e-mail change link's GET and POST /verify. */
export function userRoutes(app: Hono<AppEnv>, deps: AuthDeps): void {
  const { ctx, passwords, limit, requireUser } = deps;
  const { db, config, rateLimiter } = ctx;

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
    c.body(html, status, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': "default-src 'none'; form-action 'self'; style-src 'unsafe-inline'",
    });

  app.get('/verify', (c) => {
    const token = c.req.query('token') ?? '';
    if (c.req.query('type') !== 'email_change' || !/^[0-9a-f]{64}$/.test(token))
      return htmlPage(c, emailChangePage({ kind: 'invalid' }), 400);
    return htmlPage(c, emailChangePage({ kind: 'ask', token }));
  });

  app.post('/verify', async (c) => {
    limit(c, 'auth:verify', config.rateLimits.signIn);
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const token = typeof form.token === 'string' ? form.token : '';
    if (form.type !== 'email_change' || !/^[0-9a-f]{64}$/.test(token))
      return htmlPage(c, emailChangePage({ kind: 'invalid' }), 400);
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
}
