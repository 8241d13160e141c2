import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export type Role = 'anon' | 'authenticated' | 'service_role';

/** Supabase's JWT claims. */
export interface JwtClaims {
  role: Role;
  iss?: string;
  sub?: string;
  aud?: string;
  email?: string;
  phone?: string;
  exp?: number;
  iat?: number;
  session_id?: string;
  aal?: string;
  is_anonymous?: boolean;
  app_metadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
  [claim: string]: unknown;
}

export interface Keys {
  anonKey: string;
  serviceKey: string;
  sign(claims: JwtClaims, expiresInSeconds: number): Promise<string>;
  /** Verifies an HS256 token; throws `InvalidTokenError` for anything else (bad signature, expired, alg none). */
  verify(token: string): Promise<JwtClaims>;
}

export class InvalidTokenError extends Error {
  constructor(
    message: string,
    readonly expired = false,
  ) {
    super(message);
  }
}

const ISSUER = 'supabase';
const TEN_YEARS = 10 * 365 * 24 * 3600;

/** The secret from the environment, or one generated once and kept in the data folder. */
export function loadSecret(dataDir: string, fromEnv?: string): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

export async function createKeys(secret: string): Promise<Keys> {
  const key = new TextEncoder().encode(secret);
  const sign = async (claims: JwtClaims, expiresInSeconds: number) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ iss: ISSUER, ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(claims.iat ?? now)
      .setExpirationTime((claims.iat ?? now) + expiresInSeconds)
      .sign(key);
  };
  // A token whose signature verified once verifies again: only its time claims need a new look.
  // Bounded, so a flood of distinct valid tokens costs a few hundred kilobytes at most.
  const verified = new Map<string, JwtClaims>();
  const verify = async (token: string): Promise<JwtClaims> => {
    const known = verified.get(token);
    if (known) {
      const now = Math.floor(Date.now() / 1000);
      if ((known.exp === undefined || known.exp > now) && (typeof known.nbf !== 'number' || known.nbf <= now))
        return known;
      verified.delete(token);
    }
    const claims = await verifySignature(token);
    if (verified.size >= 1000) verified.delete(verified.keys().next().value as string);
    verified.set(token, claims);
    return claims;
  };
  const verifySignature = async (token: string): Promise<JwtClaims> => {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
      const role = payload.role;
      if (role !== 'anon' && role !== 'authenticated' && role !== 'service_role') {
        throw new InvalidTokenError('invalid JWT: unknown role');
      }
      return payload as JwtClaims;
    } catch (err) {
      if (err instanceof InvalidTokenError) throw err;
      if (err instanceof joseErrors.JWTExpired) throw new InvalidTokenError('JWT expired', true);
      throw new InvalidTokenError('invalid JWT: unable to parse or verify signature');
    }
  };
  // Fixed iat so the keys stay the same for the same secret across restarts.
  const iat = 1735689600; // 2025-01-01
  const anonKey = await sign({ role: 'anon', iat }, TEN_YEARS);
  const serviceKey = await sign({ role: 'service_role', iat }, TEN_YEARS);
  return { anonKey, serviceKey, sign, verify };
}
