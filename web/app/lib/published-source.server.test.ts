import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteContentDefaults } from '../../../content/editable.ts';
import { fetchPublishedSiteContent } from './published-source.server.ts';

/** A hosted build reads the project's publication: a local HTTP server stands in for the project's API. */
describe('the build’s published content', () => {
  let server: http.Server;
  let url = '';
  let answer: { status: number; body: string } = { status: 200, body: 'null' };
  const seen: { method?: string; path?: string; apikey?: string; authorization?: string; body: string }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({
          method: req.method,
          path: req.url,
          apikey: req.headers.apikey as string,
          authorization: req.headers.authorization,
          body,
        });
        res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(answer.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('is the defaults without a project', async () => {
    expect(await fetchPublishedSiteContent({})).toEqual(siteContentDefaults);
    expect(seen).toHaveLength(0);
  });

  it('asks the project’s published_site() as anon, and follows its publication', async () => {
    const brand = { ...siteContentDefaults.brand, phone: '+1 (555) 010-4242' };
    answer = { status: 200, body: JSON.stringify({ brand }) };
    const content = await fetchPublishedSiteContent({
      VITE_SUPABASE_URL: `${url}/`,
      VITE_SUPABASE_ANON_KEY: 'anon-key',
    });
    expect(seen.at(-1)).toEqual({
      method: 'POST',
      path: '/rest/v1/rpc/published_site',
      apikey: 'anon-key',
      authorization: 'Bearer anon-key',
      body: '{}',
    });
    expect(content.brand.phone).toBe('+1 (555) 010-4242');
    expect(content.pricing).toEqual(siteContentDefaults.pricing);
  });

  it('is the defaults when nothing was published yet', async () => {
    answer = { status: 200, body: 'null' };
    expect(await fetchPublishedSiteContent({ VITE_SUPABASE_URL: url, VITE_SUPABASE_ANON_KEY: 'anon-key' })).toEqual(
      siteContentDefaults,
    );
  });

  it('fails the build when the project cannot answer, or answers content that is not valid', async () => {
    answer = { status: 404, body: '{"code":"PGRST202","message":"Could not find the function public.published_site"}' };
    await expect(
      fetchPublishedSiteContent({ VITE_SUPABASE_URL: url, VITE_SUPABASE_ANON_KEY: 'anon-key' }),
    ).rejects.toThrow(/published_site, which answered 404: .*PGRST202/);
    answer = { status: 200, body: JSON.stringify({ brand: { ...siteContentDefaults.brand, email: 'nope' } }) };
    await expect(
      fetchPublishedSiteContent({ VITE_SUPABASE_URL: url, VITE_SUPABASE_ANON_KEY: 'anon-key' }),
    ).rejects.toThrow(/email/);
    await expect(
      fetchPublishedSiteContent({ VITE_SUPABASE_URL: 'http://127.0.0.1:1', VITE_SUPABASE_ANON_KEY: 'k' }),
    ).rejects.toThrow(/did not answer/);
  });
});
