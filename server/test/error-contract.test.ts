import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { describe, expect, it } from 'vitest';
import { AuthErrorCode } from '../src/auth/error-codes.ts';
import { handleError } from '../src/http/errors.ts';
import { RestErrorCode, sqlState } from '../src/rest/error-codes.ts';
import { StorageErrorCode } from '../src/storage/error-codes.ts';

/**
 * The central handler answers failures that no route shaped (a helper's HTTPException, a value
 * PostgreSQL refused as data, a crash) in the shape and with the codes of the API the request was for
 * (docs/decisions/0027-one-contract-per-api.md).
 */
describe('the central error handler', () => {
  const app = new Hono();
  app.onError(handleError);
  for (const prefix of ['/rest/v1', '/auth/v1', '/storage/v1', '/elsewhere']) {
    app.post(`${prefix}/helper`, () => {
      throw new HTTPException(400, { message: 'Malformed form' });
    });
    app.post(`${prefix}/data`, () => {
      throw Object.assign(new Error('invalid input syntax for type uuid: "x"'), { code: '22P02' });
    });
    app.post(`${prefix}/crash`, () => {
      throw new Error('secret detail');
    });
  }
  const answer = async (path: string) => {
    const res = await app.request(path, { method: 'POST' });
    return { status: res.status, type: res.headers.get('content-type'), body: (await res.json()) as unknown };
  };

  it.each([
    ['/rest/v1/helper', 400, { code: 'PGRST000', details: null, hint: null, message: 'Malformed form' }],
    ['/auth/v1/helper', 400, { code: 400, error_code: 'validation_failed', msg: 'Malformed form' }],
    // One spelling for a refused request in Storage's shape (it was `invalid_request` here before 0027).
    ['/storage/v1/helper', 400, { statusCode: '400', error: 'InvalidRequest', message: 'Malformed form' }],
    ['/elsewhere/helper', 400, { message: 'Malformed form' }],
    ['/rest/v1/data', 400, { code: 'PGRST000', details: null, hint: null, message: 'Invalid input' }],
    ['/auth/v1/data', 400, { code: 400, error_code: 'validation_failed', msg: 'Invalid input' }],
    ['/storage/v1/data', 400, { statusCode: '400', error: 'InvalidRequest', message: 'Invalid input' }],
  ])('%s → %i in the API’s shape', async (path, status, body) => {
    expect(await answer(path)).toEqual({ status, type: 'application/json; charset=utf-8', body });
  });

  it.each([
    ['/rest/v1/crash', { code: 'PGRST000', details: null, hint: null, message: 'Internal server error' }],
    ['/auth/v1/crash', { code: 500, error_code: 'unexpected_failure', msg: 'Internal server error' }],
    ['/storage/v1/crash', { statusCode: '500', error: 'internal', message: 'Internal server error' }],
    ['/elsewhere/crash', { message: 'Internal server error' }],
  ])('%s → 500 without the cause’s text', async (path, body) => {
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      expect(await answer(path)).toEqual({ status: 500, type: 'application/json; charset=utf-8', body });
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(1);
  });
});

describe('the code tables', () => {
  it('give each code one name', () => {
    for (const table of [RestErrorCode, AuthErrorCode, StorageErrorCode]) {
      const codes = Object.values(table);
      expect(new Set(codes).size).toBe(codes.length);
    }
  });
  it('spell GoTrue’s codes in snake case and PostgREST’s as PGRSTnnn', () => {
    expect(Object.values(AuthErrorCode).filter((c) => !/^[a-z]+(_[a-z]+)*$/.test(c))).toEqual([]);
    expect(Object.values(RestErrorCode).filter((c) => !/^PGRST\d{3}$/.test(c))).toEqual(['over_request_rate_limit']);
  });
  it('take only SQLSTATEs as PostgreSQL codes', () => {
    expect(sqlState('22P02')).toBe('22P02');
    expect(() => sqlState('PGRST116')).toThrow('not a SQLSTATE: PGRST116');
    expect(() => sqlState('2200')).toThrow('not a SQLSTATE: 2200');
  });
});
