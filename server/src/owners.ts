import { randomBytes, randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { Sql } from './db.ts';
import { createEmailUser, findUserByEmail } from './auth/store.ts';
import { checkEmail, normaliseEmail } from './auth/validate.ts';

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

/**
 * Grants the owner role to the account with this e-mail. With no such account, one is made with a
 * generated password, which is returned (shown once, never stored in clear).
 */
export async function addOwner(
  sql: Sql,
  rawEmail: string,
): Promise<{ email: string; created: boolean; password?: string; alreadyOwner: boolean }> {
  const email = normaliseEmail(rawEmail);
  checkEmail(email);
  let user = await findUserByEmail(sql, email);
  let password: string | undefined;
  if (!user) {
    password = generatePassword();
    const passwordHash = await bcrypt.hash(password, BCRYPT_COST);
    user = await createEmailUser(sql, { id: randomUUID(), email, passwordHash, userMetadata: {} });
  }
  const r = await sql(
    `insert into public.user_roles (user_id, role) values ($1, 'owner') on conflict (user_id, role) do nothing`,
    [user.id],
  );
  return { email, created: password !== undefined, password, alreadyOwner: r.rowCount === 0 };
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
