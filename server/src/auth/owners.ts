import { randomBytes, randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { Sql } from '../db/index.ts';
import { createEmailUser, findUserByEmail } from './store.ts';
import { checkEmail, normaliseEmail } from './validate.ts';

/**
 * Who holds the owner role (public.user_roles, see docs/decisions/0010-owner-role.md), for the
 * `npm run owner` command and the demo owner of a fresh local database. Runs as the database owner,
 * as the service role would: nobody else may write user_roles.
 */

/** GoTrue's bcrypt cost, as the auth routes use it. */
const BCRYPT_COST = 10;
/** The demo owner a fresh local database starts with (npm start prints its password once). */
export const DEMO_OWNER_EMAIL = 'owner@cheffeva.example';

export interface OwnerRow {
  email: string;
  granted_at: string;
}

/** 18 random bytes as base64url: 24 characters, never the same twice. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

export interface AddOwnerResult {
  email: string;
  /** The account was made now. */
  created: boolean;
  /** A password to show once: for a new account, or the one that replaced an existing account's. */
  password?: string;
  alreadyOwner: boolean;
  /** An account that existed before and was made safe: when it was made, how many sessions ended. */
  existing?: { createdAt: string; sessionsEnded: number };
}

/**
 * Grants the owner role to the account with this e-mail. With no such account, one is made with a
 * generated password, which is returned (shown once, never stored in clear).
 *
 * An account that exists and is not yet an owner may have been signed up by anyone: sign-up needs
 * no proof of the mailbox, and the chef's address is public. Before it gets the role it is made
 * safe: a new generated password replaces whatever its maker chose, every session ends (their
 * refresh tokens go with them) and a pending e-mail change is dropped, so only whoever runs this
 * command, on the server, can sign in to it. The caller shows the password and when the account was
 * made (docs/decisions/0017-no-megaphone.md).
 */
export async function addOwner(sql: Sql, rawEmail: string): Promise<AddOwnerResult> {
  const email = normaliseEmail(rawEmail);
  checkEmail(email);
  const user = await findUserByEmail(sql, email);
  if (!user) {
    const password = generatePassword();
    const passwordHash = await bcrypt.hash(password, BCRYPT_COST);
    const made = await createEmailUser(sql, { id: randomUUID(), email, passwordHash, userMetadata: {} });
    await sql(`insert into public.user_roles (user_id, role) values ($1, 'owner')`, [made.id]);
    return { email, created: true, password, alreadyOwner: false };
  }
  const held = await sql(`select 1 from public.user_roles where user_id = $1 and role = 'owner'`, [user.id]);
  if (held.rows.length > 0) return { email, created: false, alreadyOwner: true };

  const password = generatePassword();
  const passwordHash = await bcrypt.hash(password, BCRYPT_COST);
  await sql(
    `update auth.users
        set encrypted_password = $2, email_confirmed_at = coalesce(email_confirmed_at, now()),
            email_change = null, email_change_token_new = null, email_change_sent_at = null, updated_at = now(),
            -- What the account's maker wrote about it (a display name, say) is theirs, not the chef's.
            raw_user_meta_data = jsonb_build_object('email', email, 'email_verified', true, 'phone_verified', false, 'sub', id::text)
      where id = $1`,
    [user.id, passwordHash],
  );
  const ended = await sql(`delete from auth.sessions where user_id = $1`, [user.id]);
  // Tokens without a session (none are made so, but the table allows it) go too.
  await sql(`update auth.refresh_tokens set revoked = true, updated_at = now() where user_id = $1 and not revoked`, [
    user.id,
  ]);
  await sql(`insert into public.user_roles (user_id, role) values ($1, 'owner')`, [user.id]);
  return {
    email,
    created: false,
    password,
    alreadyOwner: false,
    existing: { createdAt: new Date(user.created_at).toISOString(), sessionsEnded: ended.rowCount },
  };
}

/** Takes the owner role away (the account stays). False when the account held no such role. */
export async function removeOwner(sql: Sql, rawEmail: string): Promise<boolean> {
  const email = normaliseEmail(rawEmail);
  const r = await sql(
    `delete from public.user_roles r using auth.users u
      where r.user_id = u.id and r.role = 'owner' and lower(u.email) = lower($1)`,
    [email],
  );
  return r.rowCount > 0;
}

export async function listOwners(sql: Sql): Promise<OwnerRow[]> {
  const r = await sql<{ email: string; granted_at: Date | string }>(
    `select u.email, r.granted_at from public.user_roles r join auth.users u on u.id = r.user_id
      where r.role = 'owner' order by r.granted_at, u.email`,
  );
  return r.rows.map((row) => ({ email: row.email, granted_at: new Date(row.granted_at).toISOString() }));
}
