import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { withLibpqSslMode } from '../../supabase/functions/_shared/database-url.ts';

/**
 * The hosted path deploys as written (docs/deploy.md): the Edge Functions type-check with the
 * settings they are deployed with, offline; their npm versions are the ones this repository
 * installs and locks; supabase/config.toml deploys them without JWT verification; the database URL
 * hosted Supabase gives them is read as libpq reads it.
 */
const exec = promisify(execFile);
const FUNCTIONS = path.resolve('supabase/functions');
const DENO = path.resolve('node_modules/.bin/deno');
const functionNames = fs.readdirSync(FUNCTIONS).filter((f) => fs.existsSync(path.join(FUNCTIONS, f, 'index.ts')));

interface DenoJson {
  compilerOptions?: Record<string, unknown>;
  imports?: Record<string, string>;
}
const denoJson = (name: string) =>
  JSON.parse(fs.readFileSync(path.join(FUNCTIONS, name, 'deno.json'), 'utf8')) as DenoJson;

/** `npm:@react-email/render@2.3.1` → ['@react-email/render', '2.3.1']; `npm:/react@19.3.1/` → ['react', '19.3.1']. */
function npmSpecifier(spec: string): [string, string] | undefined {
  const m = /^npm:\/?((?:@[^/@]+\/)?[^/@]+)@([^/]+)\/?$/.exec(spec);
  return m ? [m[1]!, m[2]!] : undefined;
}

/** The connection settings npm:pg takes from a URL (what a Pool given `connectionString` uses). */
function pgSettings(connectionString: string) {
  return (new pg.Client({ connectionString }) as unknown as { connectionParameters: Record<string, unknown> })
    .connectionParameters;
}

describe('the Edge Functions', () => {
  it('are all there', () => {
    expect(functionNames.sort()).toEqual([
      'calendar-feed',
      'mail-outbox',
      'photo-sweep',
      'site-published',
      'stripe-checkout',
      'stripe-webhook',
    ]);
  });

  it.each(functionNames)(
    '%s passes `deno check` with its deployed compiler options, offline (an empty Deno cache, --cached-only)',
    { timeout: 180_000 },
    async (name) => {
      // Bare imports resolve from this repository's node_modules (the versions package-lock.json
      // pins, which the next test ties to deno.json), so nothing is downloaded. The configuration
      // sits beside package.json for that; it is removed afterwards.
      const config = path.resolve(`.deno-check-${name}-${process.pid}.json`);
      const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'chef-deno-dir-'));
      fs.writeFileSync(
        config,
        JSON.stringify({ nodeModulesDir: 'manual', compilerOptions: denoJson(name).compilerOptions ?? {} }),
      );
      try {
        const run = await exec(
          DENO,
          ['check', '--cached-only', '--config', config, path.join('supabase/functions', name, 'index.ts')],
          {
            env: {
              PATH: process.env.PATH ?? '',
              HOME: process.env.HOME ?? '',
              DENO_DIR: empty,
              DENO_NO_UPDATE_CHECK: '1',
              NO_COLOR: '1',
              HTTPS_PROXY: 'http://127.0.0.1:9', // a download would fail
              HTTP_PROXY: 'http://127.0.0.1:9',
            },
          },
        ).catch((err: { stdout?: string; stderr?: string }) => ({
          stdout: err.stdout ?? '',
          stderr: `FAILED\n${err.stderr ?? ''}`,
        }));
        expect(run.stderr).not.toContain('FAILED');
        expect(run.stderr).not.toMatch(/error/i);
        expect(run.stderr).toContain(`Check supabase/functions/${name}/index.ts`);
      } finally {
        fs.rmSync(config, { force: true });
        fs.rmSync(empty, { recursive: true, force: true });
      }
    },
  );

  it.for(functionNames)(
    '%s passes `deno check` as deployed: in its folder, with its deno.json and deno.lock (when the Deno cache holds its packages)',
    { timeout: 180_000 },
    async (name, ctx) => {
      // The way the CLI bundles it: npm: imports from the Deno cache, the folder's deno.json as the
      // only configuration. Without React's types in its import map and its JSX settings, the mail
      // template (server/src/mail/template.tsx) gave 27 errors here, which the check above, whose
      // node_modules carry @types/react, cannot see. Offline, this needs a cache that already holds
      // the locked packages; without one it is skipped.
      // The machine's npm cache, in a Deno folder of its own: no earlier check result is reused.
      // Run only when it holds every package deno.lock pins; never a download (a proxy that
      // answers nothing stands in the way).
      const npmCache = path.join(process.env.DENO_DIR ?? path.join(os.homedir(), '.cache', 'deno'), 'npm');
      const lockFile = path.join(FUNCTIONS, name, 'deno.lock');
      const pinned = fs.existsSync(lockFile)
        ? Object.keys((JSON.parse(fs.readFileSync(lockFile, 'utf8')) as { npm?: Record<string, unknown> }).npm ?? {})
        : [];
      const cached = (key: string) => {
        const [, pkg, version] = /^(@?[^@]+)@([^_]+)/.exec(key) ?? [];
        return (
          pkg !== undefined && fs.existsSync(path.join(npmCache, 'registry.npmjs.org', pkg, version!, 'package.json'))
        );
      };
      if (!pinned.every(cached)) ctx.skip();
      const denoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chef-deno-dir-'));
      if (pinned.length > 0) fs.symlinkSync(npmCache, path.join(denoDir, 'npm'));
      const offline = 'http://127.0.0.1:9';
      const run = await exec(DENO, ['check', '--cached-only', '--frozen', 'index.ts'], {
        cwd: path.join(FUNCTIONS, name),
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          DENO_DIR: denoDir,
          DENO_NO_UPDATE_CHECK: '1',
          NO_COLOR: '1',
          HTTPS_PROXY: offline,
          HTTP_PROXY: offline,
        },
      })
        .catch((err: { stdout?: string; stderr?: string }) => ({
          stdout: err.stdout ?? '',
          stderr: `FAILED\n${err.stderr ?? ''}`,
        }))
        .finally(() => fs.rmSync(denoDir, { recursive: true, force: true }));
      expect(run.stderr).not.toContain('FAILED');
      expect(run.stderr).toContain('Check index.ts');
    },
  );

  it('mail-outbox compiles its JSX with React’s automatic runtime and React’s types, as the local server does', () => {
    expect(denoJson('mail-outbox').imports?.['@types/react']).toBe('npm:@types/react@19.3.0');
    expect(denoJson('mail-outbox').compilerOptions).toEqual({
      jsx: 'react-jsx',
      jsxImportSource: 'react',
      jsxImportSourceTypes: '@types/react',
    });
  });

  it.each(functionNames)('%s deploys the npm versions this repository installs, each in deno.lock', (name) => {
    const imports = denoJson(name).imports ?? {};
    const lockFile = path.join(FUNCTIONS, name, 'deno.lock');
    const lock = fs.existsSync(lockFile)
      ? (JSON.parse(fs.readFileSync(lockFile, 'utf8')) as {
          specifiers: Record<string, string>;
          npm: Record<string, unknown>;
        })
      : { specifiers: {}, npm: {} };
    // A specifier the function imports, or (a sub-path mapping such as react-dom/) a locked package.
    const locked = (pkg: string, version: string) =>
      Object.hasOwn(lock.specifiers, `npm:${pkg}@${version}`) ||
      Object.keys(lock.npm).some((k) => k === `${pkg}@${version}` || k.startsWith(`${pkg}@${version}_`));
    for (const spec of Object.values(imports)) {
      const parsed = npmSpecifier(spec);
      expect(parsed, spec).toBeDefined(); // npm packages only: nothing from a CDN or another registry
      const [pkg, version] = parsed!;
      const installed = JSON.parse(fs.readFileSync(path.resolve('node_modules', pkg, 'package.json'), 'utf8')) as {
        version: string;
      };
      expect(`${pkg}@${installed.version}`).toBe(`${pkg}@${version}`);
      expect(locked(pkg, version), `${pkg}@${version} in ${name}/deno.lock`).toBe(true);
    }
  });

  it('supabase/config.toml deploys each without JWT verification, each with its own import map', () => {
    const toml = fs.readFileSync('supabase/config.toml', 'utf8');
    for (const name of functionNames) {
      const section = new RegExp(`\\[functions\\.${name}\\]\\n((?:[^\\[\\n][^\\n]*\\n)*)`).exec(toml)?.[1] ?? '';
      expect(section).toContain('enabled = true\n');
      expect(section).toContain('verify_jwt = false\n');
      expect(section).toContain(`import_map = "./functions/${name}/deno.json"\n`);
      expect(section).toContain(`entrypoint = "./functions/${name}/index.ts"\n`);
    }
  });

  describe('SUPABASE_DB_URL with sslmode=require', () => {
    const hosted =
      'postgresql://postgres.abcdefghijklmnop:p%40ss@aws-0-eu-west-1.pooler.supabase.com:5432/postgres?sslmode=require';

    it('npm:pg reads it as verify-full and would refuse Supabase’s certificate; as the function passes it, it is libpq’s require', () => {
      // What pg does with the URL as given: the certificate is checked (rejectUnauthorized unset = true).
      expect(pgSettings(hosted).ssl).toEqual({});
      const fixed = withLibpqSslMode(hosted);
      expect(fixed).toBe(`${hosted}&uselibpqcompat=true`);
      const config = pgSettings(fixed);
      expect(config.ssl).toEqual({ rejectUnauthorized: false });
      expect(config).toMatchObject({
        user: 'postgres.abcdefghijklmnop',
        password: 'p@ss',
        host: 'aws-0-eu-west-1.pooler.supabase.com',
        port: 5432,
        database: 'postgres',
      });
    });

    it('leaves the modes that check the certificate, no TLS, and a URL that chose already, as written', () => {
      for (const url of [
        'postgresql://u:p@db.example.com:5432/postgres?sslmode=verify-full',
        'postgresql://u:p@db.example.com:5432/postgres?sslmode=disable',
        'postgresql://u:p@127.0.0.1:5432/postgres',
        'postgresql://u:p@db.example.com:5432/postgres?sslmode=require&uselibpqcompat=false',
        'not a url',
      ]) {
        expect(withLibpqSslMode(url)).toBe(url);
      }
      expect(withLibpqSslMode('postgresql://u:p@db.example.com/postgres?sslmode=prefer')).toBe(
        'postgresql://u:p@db.example.com/postgres?sslmode=prefer&uselibpqcompat=true',
      );
    });
  });
});
