import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backends,
  createDatabase,
  dropDatabase,
  pgliteTemplate,
  startTestServer,
  withDatabase,
  type Backend,
  type TestServer,
} from './support/backend.ts';
import { spawnGroup } from '../../test-support/processes.ts';

/**
 * A kill -9 between moving an upload's file into place and committing its row (or just after the
 * commit) leaves, after the next start, exactly what the database says: a file for every row at the
 * version the row has, and no file without its row. The upload runs in a real process
 * (support/crash-upload.ts) that kills itself; the next start of the server resolves what it left.
 */
const CHILD = path.join(import.meta.dirname, 'support/crash-upload.ts');
const BUCKET = 'community_recipes';

async function crashUpload(
  dataDir: string,
  databaseUrl: string | undefined,
  moment: 'before-commit' | 'after-commit',
  name: string,
  bytes: Buffer,
  how: 'insert' | 'upsert',
) {
  const bytesFile = path.join(os.tmpdir(), `crash-bytes-${process.pid}-${Date.now()}`);
  fs.writeFileSync(bytesFile, bytes);
  try {
    const child = spawnGroup(
      process.execPath,
      ['--import', 'tsx', CHILD, dataDir, databaseUrl ?? '', moment, BUCKET, name, bytesFile, how],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const signal = await new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, sig) => resolve(sig)),
    );
    // It must have died by its own SIGKILL at the chosen moment, not failed before it.
    expect(signal, stderr).toBe('SIGKILL');
  } finally {
    fs.rmSync(bytesFile, { force: true });
  }
}

describe.each(backends)('an upload cut off by kill -9 on $name', (backend: Backend) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chef-upload-crash-'));
  let database: string | undefined;
  let databaseUrl: string | undefined;
  let server: TestServer | undefined;

  const stop = async () => {
    await server?.stop();
    server = undefined;
  };
  const start = async () => {
    await stop();
    if (backend.name === 'pglite' && !fs.existsSync(path.join(dataDir, 'pglite'))) {
      fs.cpSync(path.join(await pgliteTemplate(), 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
    }
    if (backend.name === 'postgres' && !database) {
      database = await createDatabase(backend.adminUrl!);
      databaseUrl = withDatabase(backend.adminUrl!, database);
    }
    server = await startTestServer(backend, { dataDir, database });
    return server;
  };

  // A migrated database for the crashing process to write to.
  beforeAll(async () => {
    await start();
    await stop();
  });
  afterAll(async () => {
    await stop();
    if (database) await dropDatabase(backend.adminUrl!, database);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const stored = (name: string) => path.join(dataDir, 'storage', BUCKET, name);
  const tempLeft = () => fs.readdirSync(path.join(dataDir, '.storage-tmp'), { withFileTypes: true }).map((e) => e.name);
  const download = async (s: TestServer, name: string) => {
    const r = await fetch(`${s.url}/storage/v1/object/${BUCKET}/${name}`, {
      headers: { apikey: s.serviceKey, authorization: `Bearer ${s.serviceKey}` },
    });
    return { status: r.status, body: Buffer.from(await r.arrayBuffer()) };
  };
  const upload = async (s: TestServer, name: string, bytes: Buffer) => {
    const r = await fetch(`${s.url}/storage/v1/object/${BUCKET}/${name}`, {
      method: 'POST',
      headers: { apikey: s.serviceKey, authorization: `Bearer ${s.serviceKey}`, 'content-type': 'image/png' },
      body: new Uint8Array(bytes),
    });
    expect(r.status, await r.text()).toBe(200);
  };
  // The stored bytes are what the server re-encoded: read them back rather than compare with the input.
  const png = async (seed: number) => {
    const { default: sharp } = await import('sharp');
    return sharp({ create: { width: 8, height: 8, channels: 3, background: { r: seed, g: 40, b: 90 } } })
      .png()
      .toBuffer();
  };

  it('removes the file of a new object whose row never committed', async () => {
    await stop();
    await crashUpload(dataDir, databaseUrl, 'before-commit', 'crash/new-before.png', await png(1), 'insert');
    expect(fs.existsSync(stored('crash/new-before.png'))).toBe(true); // the crash left it in place
    const s = await start();
    expect(fs.existsSync(stored('crash/new-before.png'))).toBe(false);
    expect((await download(s, 'crash/new-before.png')).status).toBe(404);
    expect(tempLeft()).toEqual([]);
  });

  it('keeps the file of a new object whose row committed', async () => {
    await stop();
    const bytes = await png(2);
    await crashUpload(dataDir, databaseUrl, 'after-commit', 'crash/new-after.png', bytes, 'insert');
    const s = await start();
    expect(await download(s, 'crash/new-after.png')).toEqual({ status: 200, body: bytes });
    expect(tempLeft()).toEqual([]);
  });

  it('puts the old bytes back when a replacement’s row never committed', async () => {
    const s0 = await start();
    await upload(s0, 'crash/replaced-before.png', await png(3));
    const old = await download(s0, 'crash/replaced-before.png');
    expect(old.status).toBe(200);
    await stop();
    await crashUpload(dataDir, databaseUrl, 'before-commit', 'crash/replaced-before.png', await png(4), 'upsert');
    const s = await start();
    expect(await download(s, 'crash/replaced-before.png')).toEqual(old);
    expect(tempLeft()).toEqual([]);
  });

  it('keeps the new bytes, and drops the old ones, when a replacement’s row committed', async () => {
    const s0 = await start();
    await upload(s0, 'crash/replaced-after.png', await png(5));
    await stop();
    const bytes = await png(6);
    await crashUpload(dataDir, databaseUrl, 'after-commit', 'crash/replaced-after.png', bytes, 'upsert');
    const s = await start();
    expect(await download(s, 'crash/replaced-after.png')).toEqual({ status: 200, body: bytes });
    expect(tempLeft()).toEqual([]);
  });
});
