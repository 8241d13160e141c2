import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from './fixtures.ts';

/**
 * test-support/preflight.mjs as `npm test` runs it, in a process of its own, on a machine made to look
 * bare: the default Chromium location points at a file that does not exist, `apt-get` on PATH is a
 * stand-in that logs its arguments (and "installs" a fake Chromium), and CHEF_PREFLIGHT_NOT_ROOT acts
 * as a user without root. Nothing is installed, built or uninstalled for real.
 */
const PREFLIGHT = path.resolve('test-support/preflight.mjs');
const scripts = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

function preflight(env: Record<string, string>, args: string[] = []): Promise<Result> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [PREFLIGHT, ...args],
      { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env }, timeout: 30_000 },
      (err, stdout, stderr) => {
        resolve({
          code: err ? ((err as { code?: number }).code ?? null) : 0,
          stdout,
          stderr,
          ms: performance.now() - t0,
        });
      },
    );
  });
}

/** A bin folder whose `apt-get` logs each call and, on `install`, writes an executable fake Chromium at `chromium`. */
function fakeApt(chromium: string) {
  const bin = tempDir('chef-preflight-bin-');
  const log = path.join(bin, 'apt-get.log');
  fs.writeFileSync(
    path.join(bin, 'apt-get'),
    `#!/bin/sh\necho "$*" >> '${log}'\nif [ "$1" = install ]; then printf '#!/bin/sh\\necho "Chromium 999.0.1.2 fake"\\n' > '${chromium}'; chmod +x '${chromium}'; fi\n`,
    { mode: 0o755 },
  );
  return {
    PATH: `${bin}:${process.env.PATH ?? ''}`,
    calls: () => (fs.existsSync(log) ? fs.readFileSync(log, 'utf8').trim().split('\n') : []),
  };
}

const debian = /^(ID|ID_LIKE)=.*\b(debian|ubuntu)\b/m.test(
  fs.existsSync('/etc/os-release') ? fs.readFileSync('/etc/os-release', 'utf8') : '',
);
const root = process.getuid?.() === 0;

describe('the test pre-flight', () => {
  it('runs first in npm test and in the test scripts that need a browser or a database', () => {
    expect(scripts.test).toMatch(/^node test-support\/preflight\.mjs && node scripts\/ensure\.mjs && /);
    expect(scripts['test:e2e']).toBe('node test-support/preflight.mjs && vitest run --project e2e');
    expect(scripts['test:server']).toBe('node test-support/preflight.mjs --no-browser && vitest run --project server');
  });

  it('stops at once, naming the command, when Chromium is missing and the user is not root', async () => {
    const missing = path.join(tempDir('chef-preflight-'), 'chromium');
    const apt = fakeApt(missing);
    const r = await preflight({
      PATH: apt.PATH,
      CHEF_PREFLIGHT_DEFAULT_CHROMIUM: missing,
      CHEF_PREFLIGHT_NOT_ROOT: '1',
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    const message = `The end-to-end tests need Chromium at ${missing}, and it is missing. Install it ${
      debian ? 'with `sudo apt-get update && sudo apt-get install -y chromium`' : "with your system's package manager"
    }, or set CHROMIUM_PATH to a Chromium or Chrome.`;
    expect(r.stderr.trim()).toBe(message);
    expect(apt.calls()).toEqual([]);
    expect(r.ms).toBeLessThan(10_000);
  });

  it('stops at once when CHROMIUM_PATH names a file that does not exist, without installing anything', async () => {
    const named = path.join(tempDir('chef-preflight-'), 'my-chrome');
    const defaultMissing = path.join(tempDir('chef-preflight-'), 'chromium');
    const apt = fakeApt(defaultMissing);
    const r = await preflight({
      PATH: apt.PATH,
      CHROMIUM_PATH: named,
      CHEF_PREFLIGHT_DEFAULT_CHROMIUM: defaultMissing,
    });
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe(
      `CHROMIUM_PATH is ${named}, which is not an executable file. Point it at Chromium or Chrome, or unset it to use ${defaultMissing}.`,
    );
    expect(apt.calls()).toEqual([]);
    expect(fs.existsSync(defaultMissing)).toBe(false);
    expect(r.ms).toBeLessThan(10_000);
  });

  it.runIf(root && debian)(
    'as root on Debian, installs Chromium with apt-get (update once, then install) and goes on',
    async () => {
      const chromium = path.join(tempDir('chef-preflight-'), 'chromium');
      const apt = fakeApt(chromium);
      const r = await preflight({ PATH: apt.PATH, CHEF_PREFLIGHT_DEFAULT_CHROMIUM: chromium });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(apt.calls()).toEqual(['update -qq', 'install -y -qq chromium']);
      expect(r.stdout.trim().split('\n')).toEqual([
        `Chromium is missing: installing it (apt-get update && apt-get install -y chromium)…`,
        `Testing: browser Chromium 999.0.1.2 (${chromium}); server tests on PGlite (set TEST_DATABASE_URL to add PostgreSQL).`,
      ]);
    },
  );

  it('names the browser and the databases in one line: PGlite, and PostgreSQL when TEST_DATABASE_URL is set', async () => {
    const chromium = path.join(tempDir('chef-preflight-'), 'chromium');
    fs.writeFileSync(chromium, '#!/bin/sh\necho "Chromium 123.0.6312.58 built on Debian"\n', { mode: 0o755 });
    const pglite = await preflight({ CHROMIUM_PATH: chromium });
    expect(pglite.code).toBe(0);
    expect(pglite.stdout).toBe(
      `Testing: browser Chromium 123.0.6312.58 (${chromium}); server tests on PGlite (set TEST_DATABASE_URL to add PostgreSQL).\n`,
    );

    // Something that accepts connections stands for PostgreSQL: the pre-flight only checks that it answers.
    const listener = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const { port } = listener.address() as net.AddressInfo;
    try {
      const both = await preflight({
        CHROMIUM_PATH: chromium,
        TEST_DATABASE_URL: `postgres://u:secret@127.0.0.1:${port}/postgres`,
      });
      expect(both.stdout).toBe(
        `Testing: browser Chromium 123.0.6312.58 (${chromium}); server tests on PGlite and PostgreSQL at 127.0.0.1:${port}.\n`,
      );
      const serverOnly = await preflight({ TEST_DATABASE_URL: `postgres://u:secret@127.0.0.1:${port}/postgres` }, [
        '--no-browser',
      ]);
      expect(serverOnly.stdout).toBe(`Testing: server tests on PGlite and PostgreSQL at 127.0.0.1:${port}.\n`);
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
    // Nothing listens there any more: a stopped PostgreSQL is reported at once, not by every server test file.
    const down = await preflight({
      CHROMIUM_PATH: chromium,
      TEST_DATABASE_URL: `postgres://u:secret@127.0.0.1:${port}/postgres`,
    });
    expect(down.code).toBe(1);
    expect(down.stderr.trim()).toBe(
      `TEST_DATABASE_URL names PostgreSQL at 127.0.0.1:${port}, and nothing answers there. Start it, or unset TEST_DATABASE_URL to test on PGlite alone.`,
    );
  });
});
