/**
 * A process that stores an upload the way server/src/storage/upload.ts does (the bytes staged, the
 * row written and the file moved into place in one transaction) and is killed with SIGKILL at a
 * chosen moment: `before-commit` (inside the transaction, after the file is in place) or
 * `after-commit` (the row committed, the intent not yet cleared). Used by
 * server/test/upload-crash.test.ts.
 *
 *   node --import tsx crash-upload.ts <dataDir> <databaseUrl or ""> <moment> <bucket> <name> <bytesFile> <insert|upsert>
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { openDb } from '../../src/db/index.ts';
import { objectFiles } from '../../src/storage/files.ts';
import { insertObject, upsertObject, type NewObject } from '../../src/storage/store.ts';

const [dataDir, databaseUrl, moment, bucket, name, bytesFile, how] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
  string,
  string,
  string,
];
const bytes = fs.readFileSync(bytesFile);
const db = await openDb({ dataDir, databaseUrl: databaseUrl || undefined });
const files = objectFiles(dataDir);
const object: NewObject = {
  id: randomUUID(),
  bucketId: bucket,
  name,
  owner: null,
  ownerId: null,
  metadata: {
    eTag: '"crash"',
    size: bytes.byteLength,
    mimetype: 'image/png',
    cacheControl: 'max-age=3600',
    lastModified: new Date().toISOString(),
    contentLength: bytes.byteLength,
    httpStatusCode: 200,
  },
  userMetadata: null,
  version: randomUUID(),
};
const staged = await files.stage(bytes);
await db.tx(null, async (sql) => {
  if (how === 'upsert') await upsertObject(sql, object);
  else await insertObject(sql, object);
  await files.place(staged, bucket, name, object.version);
  if (moment === 'before-commit') process.kill(process.pid, 'SIGKILL');
});
process.kill(process.pid, 'SIGKILL');
