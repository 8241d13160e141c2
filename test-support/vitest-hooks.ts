import { afterAll } from 'vitest';
import { removeTempDirs } from './fixtures.ts';
import { stopAllGroups } from './processes.ts';

/**
 * After each test file, passed or failed: the process groups it started and did not stop, the temp
 * folders it made with `tempDir`, and the databases it created and did not drop go.
 */
afterAll(async () => {
  await stopAllGroups();
  removeTempDirs();
  if ((globalThis as { chefCreatedDatabases?: Map<string, string> }).chefCreatedDatabases?.size) {
    await (await import('./databases.ts')).dropCreatedDatabases();
  }
});
