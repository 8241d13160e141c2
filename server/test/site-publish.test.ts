import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteContentDefaults, type SiteContent, type SiteDocumentKey } from '../../content/editable.ts';
import { backends, client, startTestServer, type TestServer } from './support/backend.ts';

/**
 * A publication reaches the local server's pages without a restart (docs/site-editing.md): the chef saves
 * drafts and publishes (supabase/migrations/*_site_content.sql notifies `site_published`); the server renders
 * every page with the published content into a new folder and swaps it in. Needs the build (`npm run build`:
 * build/client and build/renderer), so it runs in the `build` project.
 */
const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build');

describe.each(backends)('publishing the site on $name', (backend) => {
  let server: TestServer;
  let owner: SupabaseClient;
  let firstPublication = 0;
  const page = async (p: string) => {
    const res = await fetch(`${server.url}${p}`);
    return { status: res.status, body: await res.text() };
  };
  async function saveAndPublish(drafts: Partial<SiteContent>): Promise<number> {
    for (const [key, draft] of Object.entries(drafts)) {
      const { data } = await owner.from('site_documents').select('version').eq('key', key);
      const version = (data as { version: number }[] | null)?.[0]?.version ?? 0;
      const saved = await owner.rpc('save_site_draft', {
        p_key: key as SiteDocumentKey,
        p_draft: draft,
        p_version: version,
      });
      expect(saved.error).toBeNull();
    }
    const published = await owner.rpc('publish_site');
    expect(published.error).toBeNull();
    return published.data as number;
  }
  /** Waits (at most the 10 s the issue allows) until `p`'s HTML has `text`. */
  async function liveWithin10s(p: string, text: string) {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const { body } = await page(p);
      if (body.includes(text)) return;
      if (Date.now() > deadline)
        throw new Error(
          `${p} did not show ${JSON.stringify(text)} within 10 s; status ${JSON.stringify(server.site.status())}`,
        );
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  beforeAll(async () => {
    server = await startTestServer(backend, { staticDir: path.join(buildDir, 'client') });
    const anon = client(server, server.anonKey);
    const { data, error } = await anon.auth.signUp({
      email: `owner-${crypto.randomUUID()}@example.com`,
      password: 'site-password-1',
    });
    if (error || !data.session || !data.user) throw error ?? new Error('no session');
    expect(
      (await client(server, server.serviceKey).from('user_roles').insert({ user_id: data.user.id, role: 'owner' }))
        .error,
    ).toBeNull();
    owner = client(server, server.anonKey, { accessToken: data.session.access_token });
    // As a server that has been running a moment: its render worker warm.
    await server.site.warmed;
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('shows today’s content while nothing is published', async () => {
    const prices = await page('/price-list');
    expect(prices.status).toBe(200);
    expect(prices.body).toContain('From $150');
    expect((await page('/about')).body).toContain(siteContentDefaults.brand.phone);
    expect(server.site.status().state).toBe('build');
  });

  it('makes a publication live in every page, its data, the sitemap and the 404s', async () => {
    const recipes = siteContentDefaults.recipes;
    const template = recipes.find((r) => r.id === 2)!;
    firstPublication = await saveAndPublish({
      brand: { ...siteContentDefaults.brand, phone: '+1 (555) 010-9999' },
      pricing: {
        ...siteContentDefaults.pricing,
        packages: siteContentDefaults.pricing.packages.map((p, i) => (i === 0 ? { ...p, price: 'From $175' } : p)),
      },
      recipes: [
        ...recipes.map((r) => (r.id === 3 ? { ...r, hidden: true } : r)),
        { ...template, id: 42, title: 'Charred Okra with Lime Butter', tags: ['summer'] },
      ],
    });
    await liveWithin10s('/price-list', 'From $175');
    const prices = await page('/price-list');
    expect(prices.body).not.toContain('From $150');
    // Every page's footer, in the raw HTML.
    for (const p of ['/', '/home', '/about', '/contact', '/recipes', '/recipe/42']) {
      const { status, body } = await page(p);
      expect(status, p).toBe(200);
      if (p !== '/') expect(body, p).toContain('+1 (555) 010-9999');
      expect(body, p).not.toContain(siteContentDefaults.brand.phone);
    }
    const recipe = await page('/recipe/42');
    expect(recipe.body).toContain('<title>Charred Okra with Lime Butter | Recipe | Chef Feva</title>');
    expect(recipe.body).toContain('"@type":"Recipe"');
    expect(recipe.body).toContain('"name":"Charred Okra with Lime Butter"');
    expect((await page('/recipe/42.data')).body).toContain('Charred Okra with Lime Butter');
    expect((await page('/price-list.data')).body).toContain('From $175');

    const sitemap = (await page('/sitemap.xml')).body;
    expect(sitemap).toContain('/recipe/42</loc>');
    expect(sitemap).not.toContain('/recipe/3</loc>');
    expect(sitemap).toContain('/recipe/2</loc>');
    const hidden = await page('/recipe/3');
    expect(hidden.status).toBe(404);
    expect(hidden.body).not.toContain(recipes.find((r) => r.id === 3)!.title);
    expect((await page('/recipes')).body).not.toContain(recipes.find((r) => r.id === 3)!.title);
    expect(server.site.status()).toMatchObject({ state: 'live' });
  });

  it('keeps the live site when a publication cannot be rendered, and says why', async () => {
    // A publication written past the console's checks (the database's own are fewer than the schemas').
    await server.db.tx(null, async (sql) => {
      const content = { ...siteContentDefaults, brand: { ...siteContentDefaults.brand, email: 'not an address' } };
      const { rows } = await sql<{ id: number }>(
        `insert into public.site_publications (changes, content) values ('[]', $1) returning id`,
        [JSON.stringify(content)],
      );
      await sql(`select pg_notify('site_published', $1)`, [String(rows[0]!.id)]);
    });
    const deadline = Date.now() + 10_000;
    while (server.site.status().state !== 'failed' && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(server.site.status()).toMatchObject({ state: 'failed', error: expect.stringContaining('email') });
    expect((await page('/price-list')).body).toContain('From $175');
    expect((await page('/about')).body).toContain('+1 (555) 010-9999');
  });

  it('goes back to an earlier publication in one action', async () => {
    await saveAndPublish({
      pricing: {
        ...siteContentDefaults.pricing,
        packages: siteContentDefaults.pricing.packages.map((p, i) => (i === 0 ? { ...p, price: 'From $199' } : p)),
      },
    });
    await liveWithin10s('/price-list', 'From $199');
    expect((await owner.rpc('rollback_site', { p_publication: firstPublication })).error).toBeNull();
    await liveWithin10s('/price-list', 'From $175');
    expect((await page('/price-list')).body).not.toContain('From $199');
    expect((await page('/recipe/42')).status).toBe(200);
  });
});
