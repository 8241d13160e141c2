import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { brandDefault } from '../../content/editable.ts';
import { client, startTestServer, type TestServer } from './support/backend.ts';
import { startEdgeFunction } from './support/edge-function.ts';
import { stopGroup } from '../../test-support/processes.ts';
import { freePort } from '../../test-support/fixtures.ts';

/**
 * On hosted Supabase the static host rebuilds the site on Publish: a Database Webhook on inserts into
 * public.site_publications calls the Edge Function supabase/functions/site-published, which POSTs to
 * the host's build hook (decision 0060). Here the function runs under Deno, the hook is a local HTTP
 * server that records what it receives, and the webhook's payload is made from a publication the
 * owner really published on our server, as Supabase's webhook makes it from the inserted row.
 */
const SECRET = 'site-published-secret-for-the-test-0123456789';
const HOOK_PATH = '/build_hooks/5f0c1e2d3a4b?trigger_title=publish';

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

describe('the site-published Edge Function under Deno, with a stand-in build hook', () => {
  let server: TestServer;
  let hook: http.Server;
  let hookBase = '';
  let hookAnswer = { status: 200, location: '' };
  const received: Received[] = [];
  const functions: ChildProcess[] = [];
  const denoDirs: string[] = [];
  let payload: Record<string, unknown>;

  /** The function under Deno, with the settings given (and nothing else of the test's environment). */
  async function startFunction(settings: Record<string, string>): Promise<string> {
    const port = await freePort();
    const denoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chef-deno-dir-'));
    denoDirs.push(denoDir);
    functions.push(
      await startEdgeFunction(
        [
          '--allow-net',
          '--allow-env',
          '--cached-only',
          '--config',
          'supabase/functions/site-published/deno.json',
          'supabase/functions/site-published/index.ts',
        ],
        { DENO_DIR: denoDir, SITE_PUBLISHED_PORT: String(port), ...settings },
      ),
    );
    return `http://127.0.0.1:${port}`;
  }

  let configured = '';
  let unconfigured = '';

  beforeAll(async () => {
    hook = http.createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        if (hookAnswer.location) res.setHeader('location', hookAnswer.location);
        res.writeHead(hookAnswer.status, { 'content-type': 'application/json' });
        res.end(hookAnswer.status === 200 ? '{"id":"build-1"}' : '{"error":"no such hook"}');
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    hookBase = `http://127.0.0.1:${(hook.address() as AddressInfo).port}`;

    // A real publication: the owner publishes one saved draft on our server (PGlite).
    server = await startTestServer({ name: 'pglite' });
    const service = client(server, server.serviceKey);
    const email = `owner-${crypto.randomUUID()}@example.com`;
    const { data } = await client(server, server.anonKey).auth.signUp({ email, password: 'site-password-1' });
    expect((await service.from('user_roles').insert({ user_id: data.user!.id, role: 'owner' })).error).toBeNull();
    const owner = client(server, server.anonKey, { accessToken: data.session!.access_token });
    const brand = { ...brandDefault, phone: '+1 555 0100' };
    expect((await owner.rpc('save_site_draft', { p_key: 'brand', p_draft: brand, p_version: 0 })).error).toBeNull();
    expect((await owner.rpc('publish_site')).error).toBeNull();
    const row = await service.from('site_publications').select('*').single();
    expect(row.error).toBeNull();
    // What a Supabase Database Webhook sends for the insert (type, table, schema, record, old_record).
    payload = { type: 'INSERT', table: 'site_publications', schema: 'public', record: row.data, old_record: null };

    configured = await startFunction({ SITE_PUBLISHED_SECRET: SECRET, SITE_BUILD_HOOK_URL: hookBase + HOOK_PATH });
    unconfigured = await startFunction({ SITE_PUBLISHED_SECRET: SECRET });
  }, 180_000);
  afterAll(async () => {
    for (const fn of functions) await stopGroup(fn);
    await server?.stop();
    await new Promise((resolve) => hook?.close(resolve));
    for (const dir of denoDirs) fs.rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    received.length = 0;
    hookAnswer = { status: 200, location: '' };
  });

  const invoke = async (base: string, init: { secret?: string; method?: string; body?: unknown } = {}) => {
    const res = await fetch(base, {
      method: init.method ?? 'POST',
      headers: { 'content-type': 'application/json', 'x-site-published-secret': init.secret ?? SECRET },
      body: (init.method ?? 'POST') === 'POST' ? JSON.stringify('body' in init ? init.body : payload) : undefined,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('a new publication POSTs {} to the configured build hook, exactly once, and says so', async () => {
    const id = (payload.record as { id: number }).id;
    expect(await invoke(configured)).toEqual({ status: 200, body: { publication: id, rebuild: 'started' } });
    expect(received).toHaveLength(1);
    const [req] = received;
    expect(req!.method).toBe('POST');
    expect(req!.url).toBe(HOOK_PATH);
    expect(req!.headers['content-type']).toBe('application/json');
    expect(req!.body).toBe('{}');
    // Nothing of the caller's request reaches the host: not the secret, not the content.
    expect(JSON.stringify(req!.headers)).not.toContain(SECRET);
    expect(req!.headers.authorization).toBeUndefined();
  });

  it('refuses a caller without the secret, another method, and another event, and calls nothing', async () => {
    expect(await invoke(configured, { secret: 'wrong' })).toEqual({ status: 401, body: { error: 'unauthorized' } });
    expect((await invoke(configured, { secret: '' })).status).toBe(401);
    expect((await invoke(configured, { method: 'GET' })).status).toBe(405);
    for (const body of [
      { ...payload, type: 'UPDATE' },
      { ...payload, type: 'DELETE', record: null },
      { ...payload, table: 'site_documents' },
      { ...payload, record: { id: 'x' } },
      'not a payload',
      null,
    ]) {
      const answer = await invoke(configured, { body });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatch(/INSERT into public\.site_publications/);
    }
    expect(received).toEqual([]);
  });

  it('without SITE_BUILD_HOOK_URL it calls nothing and says the rebuild is off', async () => {
    const id = (payload.record as { id: number }).id;
    expect(await invoke(unconfigured)).toEqual({
      status: 200,
      body: { publication: id, rebuild: 'off: SITE_BUILD_HOOK_URL is not set' },
    });
    expect((await invoke(unconfigured, { secret: 'wrong' })).status).toBe(401);
    expect(received).toEqual([]);
  });

  it('a hook that fails gives a 502 that names its status; a redirect is not followed', async () => {
    hookAnswer = { status: 404, location: '' };
    expect(await invoke(configured)).toEqual({
      status: 502,
      body: { error: 'the build hook answered 404', hook: '{"error":"no such hook"}' },
    });
    expect(received).toHaveLength(1);

    received.length = 0;
    hookAnswer = { status: 307, location: `${hookBase}/elsewhere` };
    const redirected = await invoke(configured);
    expect(redirected.status).toBe(502);
    expect(redirected.body.error).toBe('the build hook answered 307');
    expect(received.map((r) => r.url)).toEqual([HOOK_PATH]);
  });

  it('an unreachable hook and a hook that is not https are errors that say so', async () => {
    const closed = await startFunction({
      SITE_PUBLISHED_SECRET: SECRET,
      SITE_BUILD_HOOK_URL: `http://127.0.0.1:${await freePort()}/hook`,
    });
    const down = await invoke(closed);
    expect(down.status).toBe(502);
    expect(down.body.error).toMatch(/^the build hook could not be reached: /);

    const plain = await startFunction({
      SITE_PUBLISHED_SECRET: SECRET,
      SITE_BUILD_HOOK_URL: 'http://api.netlify.com/build_hooks/abc',
    });
    expect(await invoke(plain)).toEqual({
      status: 500,
      body: { error: 'SITE_BUILD_HOOK_URL must be an https:// address' },
    });
    expect(received).toEqual([]);
  });

  it('without its own secret set, the function refuses everyone', async () => {
    const open = await startFunction({ SITE_BUILD_HOOK_URL: hookBase + HOOK_PATH });
    expect((await invoke(open)).status).toBe(401);
    expect((await invoke(open, { secret: '' })).status).toBe(401);
    expect(received).toEqual([]);
  });
});
