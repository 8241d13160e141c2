import type { MiddlewareHandler } from 'hono';
import type { AppContext, AppEnv } from './context.ts';
import { ApiError } from './api-error.ts';
import { authErrors } from '../auth/error-codes.ts';
import { restErrors } from '../rest/error-codes.ts';
import { storageErrors } from '../storage/error-codes.ts';
import { InvalidTokenError, type JwtClaims } from '../data-dir/keys.ts';

export type Api = 'rest' | 'auth' | 'storage';

/** Paths a browser reaches without headers (links in e-mails, `<img src>` of public files). */
const OPEN_PATHS: Record<Api, RegExp | null> = {
  rest: null,
  auth: /^\/auth\/v1\/(verify|callback|authorize|health)\/?$/,
  storage: /^\/storage\/v1\/(object|render\/image)\/public\//,
};

/**
 * GoTrue reads the bearer token only on endpoints that need a user; elsewhere a stale token must
 * not stop a sign-in. On these paths a token that does not verify is ignored.
 */
const AUTH_IGNORES_BEARER = /^\/auth\/v1\/(signup|token|settings|otp|recover|resend|magiclink)\/?$/;

/**
 * What Supabase's gateway and services do before a request reaches a handler: the `apikey`
 * (header or query parameter) must be one of the project's keys; a bearer token, when sent, must
 * verify. The request then runs with the bearer's claims, else with the apikey's.
 */
export function requestClaims(ctx: AppContext, api: Api): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const path = c.req.path;
    const open = OPEN_PATHS[api];
    const apikey = c.req.header('apikey') ?? c.req.query('apikey');
    if (open?.test(path) && !apikey) {
      c.set('apikeyRole', 'anon');
      c.set('claims', { role: 'anon' });
      await next();
      if (api === 'auth') c.res.headers.set('Cache-Control', 'no-store');
      return;
    }
    if (!apikey) {
      throw new ApiError(401, {
        message: 'No API key found in request',
        hint: 'No `apikey` request header or url param was found.',
      });
    }
    let keyClaims: JwtClaims;
    try {
      keyClaims = await ctx.keys.verify(apikey);
      if (keyClaims.role !== 'anon' && keyClaims.role !== 'service_role') throw new InvalidTokenError('not a key');
    } catch {
      throw new ApiError(401, {
        message: 'Invalid API key',
        hint: 'Double check your Supabase `anon` or `service_role` API key.',
      });
    }
    c.set('apikeyRole', keyClaims.role);

    const authorization = c.req.header('authorization');
    const bearer = authorization?.match(/^bearer\s+(\S+)\s*$/i)?.[1];
    if (authorization && !bearer && api === 'rest') {
      throw restErrors.notBearer();
    }
    let claims = keyClaims;
    if (bearer) {
      try {
        claims = bearer === apikey ? keyClaims : await ctx.keys.verify(bearer);
      } catch (err) {
        if (api === 'auth' && AUTH_IGNORES_BEARER.test(path)) {
          claims = keyClaims;
        } else {
          throw tokenError(api, err);
        }
      }
    }
    c.set('claims', claims);
    await next();
    // Tokens, and whatever a signed-in user (the owner above all) reads, are never kept by a
    // browser cache or a proxy on the way.
    if (api === 'auth' || claims.role !== 'anon') c.res.headers.set('Cache-Control', 'no-store');
  };
}

function tokenError(api: Api, err: unknown): ApiError {
  const expired = err instanceof InvalidTokenError && err.expired;
  switch (api) {
    case 'rest':
      return restErrors.badToken(expired);
    case 'auth':
      // GoTrue answers 403 bad_jwt for a token it cannot verify.
      return authErrors.badJwt(
        expired
          ? 'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired'
          : 'invalid JWT: unable to parse or verify signature, signature is invalid',
      );
    case 'storage':
      return storageErrors.unauthorized(expired ? 'jwt expired' : 'invalid signature');
  }
}
