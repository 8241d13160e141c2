import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { objectFiles, scheduleTempSweep } from '../src/storage/files.ts';
import { startTestServer } from './support/backend.ts';

/**
 * Temp files of uploads cut off by a crash (kill -9 between writing the bytes and moving them into
 * place) are gone at the next start, and while a server runs, within a minute of the crash of
 * another process that shared the folder. A running upload's temp file is never touched.
 */

/** A pid that certainly ran and is gone. */
const deadPid = () =>
  Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString());

function leaveTemp(dataDir: string, name: string, ageMs = 0) {
  const dir = path.join(dataDir, '.storage-tmp');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  fs.writeFileSync(file, 'half an upload');
  const when = new Date(Date.now() - ageMs);
  fs.utimesSync(file, when, when);
  return file;
}

describe('temp files of crashed uploads', () => {
  it('are swept when the server starts, however recent', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chef-temp-sweep-'));
    try {
      const crashed = leaveTemp(dataDir, `${deadPid()}-0b7c1a2e-crashed`);
      // An earlier life of this very pid (a restarted container): at start nothing of ours is in flight.
      const ownEarlierLife = leaveTemp(dataDir, `${process.pid}-5d1e9f00-earlier`);
      const legacyOld = leaveTemp(dataDir, '3f2a9c44-legacy', 2 * 3600_000);
      const server = await startTestServer({ name: 'pglite' }, { dataDir });
      try {
        expect([crashed, ownEarlierLife, legacyOld].filter((f) => fs.existsSync(f))).toEqual([]);
      } finally {
        await server.stop();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('are swept while running, leaving a live process’s upload alone', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chef-temp-sweep-'));
    const files = objectFiles(dataDir);
    const stop = scheduleTempSweep(files, 0.2);
    try {
      const inFlight = leaveTemp(dataDir, `${process.pid}-1c0ffee0-in-flight`);
      const crashed = leaveTemp(dataDir, `${deadPid()}-2c0ffee0-crashed`);
      // A live process sharing the folder: its upload is in flight.
      const other = leaveTemp(dataDir, `${process.ppid}-3c0ffee0-other`);
      const deadline = Date.now() + 5000;
      while (fs.existsSync(crashed) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(fs.existsSync(crashed)).toBe(false);
      expect(fs.existsSync(inFlight)).toBe(true);
      expect(fs.existsSync(other)).toBe(true);
      // Past an hour, whatever its pid says, a temp file is left over.
      const ancient = leaveTemp(dataDir, `${process.ppid}-4c0ffee0-ancient`, 2 * 3600_000);
      expect(await files.sweepCrashed()).toEqual([path.basename(ancient)]);
    } finally {
      await stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
