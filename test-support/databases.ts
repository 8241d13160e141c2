import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * PostgreSQL databases the tests, the bench and the resilience suite create on an admin URL
 * (TEST_DATABASE_URL and the like): named after the run, dropped by their test file or, if it
 * failed first, when the file ends (test-support/vitest-hooks.ts) and at the latest when the run
 * ends (test-support/leftovers.ts).
 */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function adminQuery(adminUrl: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * The name of a database made in this run: `<prefix>_<run>_<random>`, where `<run>` is the run's
 * marker (test-support/leftovers.ts), so the run's end can find and drop any a crash left behind.
 */
export const runDatabaseName = (prefix: string) =>
  `${prefix}_${process.env.CHEF_RUN ?? 'norun'}_${randomBytes(5).toString('hex')}`;

/**
 * Databases made and not yet dropped (name → admin URL), dropped when the test file ends
 * (test-support/vitest-hooks.ts, which finds them here without loading pg into every test file).
 */
const created: Map<string, string> = ((
  globalThis as { chefCreatedDatabases?: Map<string, string> }
).chefCreatedDatabases ??= new Map());

export async function createDatabase(adminUrl: string, prefix = 'test'): Promise<string> {
  const name = runDatabaseName(prefix);
  await adminQuery(adminUrl, `create database ${name}`);
  created.set(name, adminUrl);
  return name;
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  created.delete(name);
}

export async function dropCreatedDatabases(): Promise<void> {
  for (const [name, adminUrl] of [...created]) await dropDatabase(adminUrl, name);
}
