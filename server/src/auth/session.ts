import { createHash, randomBytes } from 'node:crypto';
import type { Keys } from '../data-dir/keys.ts';
import type { IdentityRow, SessionRow, UserRow } from './store.ts';

/** What GoTrue answers for a user (`GET /user`, and `user` inside a session). */
export interface UserJson {
  id: string;
  aud: string;
  role: string;
  email: string;
  email_confirmed_at: string | null;
  phone: string;
  confirmed_at: string | null;
  last_sign_in_at: string | null;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  identities: Record<string, unknown>[];
  created_at: string;
  updated_at: string;
  is_anonymous: boolean;
  /** GoTrue's pending e-mail change: the new address, until its mailbox confirms it. */
  new_email?: string;
  email_change_sent_at?: string;
}

export interface SessionJson {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: UserJson;
}

function iso(v: Date | string | null | undefined): string | null {
  if (v === null || v === undefined) return null;
  const d = v instanceof Date ? v : new Date(v);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export function userJson(u: UserRow, identities: IdentityRow[]): UserJson {
  return {
    id: u.id,
    aud: u.aud ?? 'authenticated',
    role: u.role ?? 'authenticated',
    email: u.email ?? '',
    email_confirmed_at: iso(u.email_confirmed_at),
    phone: u.phone ?? '',
    confirmed_at: iso(u.confirmed_at),
    last_sign_in_at: iso(u.last_sign_in_at),
    app_metadata: u.raw_app_meta_data ?? {},
    user_metadata: u.raw_user_meta_data ?? {},
    identities: identities.map((i) => ({
      identity_id: i.id,
      id: i.provider_id,
      user_id: i.user_id,
      identity_data: i.identity_data,
      provider: i.provider,
      last_sign_in_at: iso(i.last_sign_in_at),
      created_at: iso(i.created_at),
      updated_at: iso(i.updated_at),
      email: i.email ?? undefined,
    })),
    created_at: iso(u.created_at)!,
    updated_at: iso(u.updated_at)!,
    is_anonymous: u.is_anonymous,
    ...(u.email_change
      ? { new_email: u.email_change, email_change_sent_at: iso(u.email_change_sent_at) ?? undefined }
      : {}),
  };
}

/** An opaque refresh token (192 random bits) and the hash under which it is stored. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(24).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** An access token with the claims hosted Supabase puts in one. */
export async function accessToken(
  keys: Keys,
  user: UserJson,
  session: SessionRow,
  expiresIn: number,
): Promise<{ token: string; expiresAt: number }> {
  const iat = Math.floor(Date.now() / 1000);
  const signedInAt = Math.floor(new Date(session.created_at).getTime() / 1000);
  const token = await keys.sign(
    {
      aud: 'authenticated',
      role: 'authenticated',
      sub: user.id,
      email: user.email,
      phone: user.phone,
      app_metadata: user.app_metadata,
      user_metadata: user.user_metadata,
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: signedInAt }],
      session_id: session.id,
      is_anonymous: user.is_anonymous,
      iat,
    },
    expiresIn,
  );
  return { token, expiresAt: iat + expiresIn };
}

export async function sessionJson(
  keys: Keys,
  user: UserJson,
  session: SessionRow,
  refreshToken: string,
  expiresIn: number,
): Promise<SessionJson> {
  const { token, expiresAt } = await accessToken(keys, user, session, expiresIn);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user,
  };
}
