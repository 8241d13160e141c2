import { storageError } from '../http/api-error.ts';
import type { BodyContract } from '../http/body.ts';

/**
 * Every `error` `/storage/v1` answers with, in one table, spelled as Supabase Storage spells them
 * in that field (storage-api's error list; supabase-js reads `statusCode`, `error` and `message`),
 * and one constructor per error below. The same failure has one spelling: a request Storage
 * refuses is `InvalidRequest` (it was also `invalid_request` for errors not thrown by a route,
 * before docs/decisions/0027-one-contract-per-api.md).
 */
export const StorageErrorCode = {
  Internal: 'internal',
  InvalidRequest: 'InvalidRequest',
  /** A bucket name Storage refuses. */
  InvalidInput: 'Invalid Input',
  InvalidKey: 'InvalidKey',
  BucketNotFound: 'Bucket not found',
  NotFound: 'not_found',
  Duplicate: 'Duplicate',
  Unauthorized: 'Unauthorized',
  InvalidMimeType: 'invalid_mime_type',
  PayloadTooLarge: 'Payload too large',
  TooManyRequests: 'too_many_requests',
} as const;
export type StorageErrorCode = (typeof StorageErrorCode)[keyof typeof StorageErrorCode];

const C = StorageErrorCode;

export const storageErrors = {
  /** A failure of ours: never the cause's text. */
  internal: () => storageError(500, C.Internal, 'Internal server error'),
  /** A request Storage refuses, with its status (400 unless said). */
  invalidRequest: (message: string, status = 400) => storageError(status, C.InvalidRequest, message),
  invalidBucketName: () => storageError(400, C.InvalidInput, 'Bucket name invalid'),
  invalidKey: (message = 'Invalid key') => storageError(400, C.InvalidKey, message),
  bucketNotFound: () => storageError(404, C.BucketNotFound, 'Bucket not found'),
  objectNotFound: () => storageError(404, C.NotFound, 'Object not found'),
  routeNotFound: (message = 'Route not found') => storageError(404, C.NotFound, message),
  duplicate: (message = 'The resource already exists') => storageError(409, C.Duplicate, message),
  bucketNotEmpty: () => storageError(409, C.InvalidRequest, 'The bucket you tried to delete is not empty'),
  /** Row-level security or a grant said no; an unverifiable token too. */
  unauthorized: (message: string) => storageError(403, C.Unauthorized, message),
  invalidMimeType: (message: string) => storageError(415, C.InvalidMimeType, message),
  payloadTooLarge: () => storageError(413, C.PayloadTooLarge, 'The object exceeded the maximum allowed size'),
  /** A decompression bomb, or a photo far larger than any camera's: refused before it is decoded. */
  imageTooLarge: () => storageError(413, C.PayloadTooLarge, 'The image has too many pixels (at most 50 megapixels)'),
  tooManyUploads: () =>
    storageError(429, C.TooManyRequests, 'Too many uploads from this address. Please try again later.'),
  nulInText: () => storageError(400, C.InvalidRequest, 'Text must not contain NUL characters'),
};

/** `/storage/v1`'s JSON bodies (list, remove, buckets; server/src/http/body.ts): small JSON objects. */
export const storageBody = {
  maxBytes: 64 * 1024,
  tooLarge: () => storageErrors.payloadTooLarge(),
  invalid: (err) =>
    storageErrors.invalidRequest(err.reason === 'depth' ? err.message : 'The request body is not valid JSON'),
  empty: 'object',
  unreadable: () => storageErrors.invalidRequest('The request body could not be read'),
  notAnObject: () => storageErrors.invalidRequest('The request body must be a JSON object'),
  // PostgreSQL cannot store or compare U+0000 in text (names, prefixes, searches).
  nul: () => storageErrors.nulInText(),
} satisfies BodyContract;
