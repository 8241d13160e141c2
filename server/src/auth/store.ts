import type { Sql } from '../db/index.ts';

/**
 * Data access for /auth/v1: every SQL statement the auth routes run lives here. Called inside
 * `db.tx(null, …)` (as the owner: the API roles have no rights on the auth schema).
 */

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | string | null;
  confirmed_at: Date | string | null;
  last_sign_in_at: Date | string | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  phone: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  is_anonymous: boolean;
  banned_until: Date | string | null;
  /** A new address waiting for confirmation from its mailbox, and when it was asked for. */
  email_change: string | null;
  email_change_sent_at: Date | string | null;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  email: string | null;
}

export interface SessionRow {
  id: string;
  user_id: string;
  created_at: Date | string;
}

export interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  session_id: string | null;
  revoked: boolean;
  parent: string | null;
  updated_at: Date | string;
}

const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, confirmed_at,
  last_sign_in_at, raw_app_meta_data, raw_user_meta_data, phone, created_at, updated_at,
  is_anonymous, banned_until, email_change, email_change_sent_at`;

export async function findUserByEmail(sql: Sql, email: string): Promise<UserRow | undefined> {
  const r = await sql<UserRow>(
    `select ${USER_COLUMNS} from auth.users where lower(email) = lower($1) and deleted_at is null`,
    [email],
  );
  return r.rows[0];
}

export async function findUserById(sql: Sql, id: string): Promise<UserRow | undefined> {
  const r = await sql<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1 and deleted_at is null`, [id]);
  return r.rows[0];
}

/** A confirmed e-mail user and its `email` identity, as GoTrue creates them with autoconfirm. */
export async function createEmailUser(
  sql: Sql,
  u: { email: string; passwordHash: string; userMetadata: Record<string, unknown>; id: string },
): Promise<UserRow> {
  const appMetadata = { provider: 'email', providers: ['email'] };
  const r = await sql<UserRow>(
    `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at,
        raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ($1, 'authenticated', 'authenticated', $2, $3, now(), $4::jsonb, $5::jsonb, now(), now())
     returning ${USER_COLUMNS}`,
    [u.id, u.email, u.passwordHash, JSON.stringify(appMetadata), JSON.stringify(u.userMetadata)],
  );
  await sql(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     values ($1::text, $2::uuid, $3::jsonb, 'email', now(), now())`,
    [u.id, u.id, JSON.stringify({ sub: u.id, email: u.email, email_verified: true, phone_verified: false })],
  );
  return r.rows[0]!;
}

export async function findIdentities(sql: Sql, userId: string): Promise<IdentityRow[]> {
  const r = await sql<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
       from auth.identities where user_id = $1 order by created_at`,
    [userId],
  );
  return r.rows;
}

export async function touchSignIn(sql: Sql, userId: string): Promise<void> {
  await sql(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`, [userId]);
  await sql(
    `update auth.identities set last_sign_in_at = now(), updated_at = now() where user_id = $1 and provider = 'email'`,
    [userId],
  );
}

export async function updateUser(
  sql: Sql,
  userId: string,
  changes: { email?: string; passwordHash?: string; userMetadata?: Record<string, unknown> },
): Promise<UserRow> {
  const r = await sql<UserRow>(
    `update auth.users set
        email = coalesce($2, email),
        encrypted_password = coalesce($3, encrypted_password),
        raw_user_meta_data = coalesce($4::jsonb, raw_user_meta_data),
        updated_at = now()
      where id = $1
      returning ${USER_COLUMNS}`,
    [
      userId,
      changes.email ?? null,
      changes.passwordHash ?? null,
      changes.userMetadata ? JSON.stringify(changes.userMetadata) : null,
    ],
  );
  if (changes.email) {
    await sql(
      `update auth.identities
          set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
        where user_id = $1 and provider = 'email'`,
      [userId, changes.email],
    );
  }
  return r.rows[0]!;
}

export async function createSession(
  sql: Sql,
  s: { id: string; userId: string; userAgent: string | null; ip: string | null },
): Promise<SessionRow> {
  const r = await sql<SessionRow>(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values ($1, $2, now(), now(), 'aal1', $3, $4)
     returning id, user_id, created_at`,
    [s.id, s.userId, s.userAgent, s.ip],
  );
  return r.rows[0]!;
}

export async function findSession(sql: Sql, id: string): Promise<SessionRow | undefined> {
  const r = await sql<SessionRow>(`select id, user_id, created_at from auth.sessions where id = $1`, [id]);
  return r.rows[0];
}

export async function markSessionRefreshed(sql: Sql, id: string): Promise<void> {
  await sql(`update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1`, [id]);
}

/** Deletes sessions (their refresh tokens go with them, `on delete cascade`). */
export async function deleteSessions(
  sql: Sql,
  userId: string,
  which: { only?: string; except?: string },
): Promise<void> {
  if (which.only) {
    await sql(`delete from auth.sessions where user_id = $1 and id = $2`, [userId, which.only]);
  } else if (which.except) {
    await sql(`delete from auth.sessions where user_id = $1 and id <> $2`, [userId, which.except]);
  } else {
    await sql(`delete from auth.sessions where user_id = $1`, [userId]);
  }
}

/** `tokenHash` is what is stored: the token itself is never kept. */
export async function insertRefreshToken(
  sql: Sql,
  t: { tokenHash: string; userId: string; sessionId: string; parentHash: string | null },
): Promise<void> {
  await sql(
    `insert into auth.refresh_tokens (token, user_id, session_id, revoked, parent, created_at, updated_at)
     values ($1, $2, $3, false, $4, now(), now())`,
    [t.tokenHash, t.userId, t.sessionId, t.parentHash],
  );
}

/** Locks the row (PostgreSQL) so two concurrent refreshes of one token are serialised. */
export async function findRefreshTokenForUpdate(sql: Sql, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  const r = await sql<RefreshTokenRow>(
    `select id::text, token, user_id, session_id, revoked, parent, updated_at
       from auth.refresh_tokens where token = $1 for update`,
    [tokenHash],
  );
  return r.rows[0];
}

/** The newest token of the session that is still usable, if any. */
export async function findActiveRefreshToken(sql: Sql, sessionId: string): Promise<RefreshTokenRow | undefined> {
  const r = await sql<RefreshTokenRow>(
    `select id::text, token, user_id, session_id, revoked, parent, updated_at
       from auth.refresh_tokens where session_id = $1 and not revoked
      order by id desc limit 1`,
    [sessionId],
  );
  return r.rows[0];
}

export async function revokeRefreshToken(sql: Sql, id: string): Promise<void> {
  await sql(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1::bigint`, [id]);
}

/** Reuse detected: every token of the session (the family) stops working. */
export async function revokeSessionTokens(sql: Sql, sessionId: string): Promise<void> {
  await sql(`update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked`, [
    sessionId,
  ]);
}

export async function emailTakenByOther(sql: Sql, email: string, userId: string): Promise<boolean> {
  const r = await sql(`select 1 from auth.users where lower(email) = lower($1) and id <> $2`, [email, userId]);
  return r.rows.length > 0;
}

/** How long a link to confirm a new address works (GoTrue's default for e-mail links: a day). */
export const EMAIL_CHANGE_VALID_HOURS = 24;

/**
 * Keeps `email` as the account's pending new address and queues the message with the link to it
 * (public.outbox, event email_change). Only the token's hash is kept in auth.users.
 */
export async function requestEmailChange(
  sql: Sql,
  u: { userId: string; email: string; token: string; tokenHash: string },
): Promise<void> {
  await sql(
    `update auth.users
        set email_change = $2, email_change_token_new = $3, email_change_sent_at = now(), updated_at = now()
      where id = $1`,
    [u.userId, u.email, u.tokenHash],
  );
  await sql(
    `insert into public.outbox (idempotency_key, event, recipient, subject_id, payload)
     values ($1, 'email_change', $2, $3, jsonb_build_object('token', $4::text))`,
    [`email-change.${u.userId}.${u.tokenHash.slice(0, 16)}`, u.email, u.userId, u.token],
  );
}

/**
 * The account whose pending change this token confirms, if the link is still good: the change is
 * then made (the address, its identity) and the link spent. Undefined when the token is unknown,
 * used or expired.
 */
export async function confirmEmailChange(sql: Sql, tokenHash: string): Promise<UserRow | undefined> {
  const r = await sql<UserRow>(
    `update auth.users
        set email = email_change, email_change = null, email_change_token_new = null,
            email_change_sent_at = null, email_confirmed_at = now(), updated_at = now()
      where email_change_token_new = $1 and email_change is not null and deleted_at is null
        and email_change_sent_at > now() - make_interval(hours => $2)
      returning ${USER_COLUMNS}`,
    [tokenHash, EMAIL_CHANGE_VALID_HOURS],
  );
  const row = r.rows[0];
  if (row) {
    await sql(
      `update auth.identities
          set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
        where user_id = $1 and provider = 'email'`,
      [row.id, row.email],
    );
  }
  return row;
}
