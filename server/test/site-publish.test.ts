import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteContentDefaults, type SiteContent } from '../../content/editable.ts';
import { backends, startTestServer, type TestServer } from './support/backend.ts';

/**
 * A publication reaches the local server's pages without a restart (docs/site-editing.md): the server
 * LISTENs for `site_published`, renders every page with the published content into a new folder and
 * swaps it in. Needs the build (`npm run build`: build/client and build/renderer), so it runs in the
 * `build` project. Until the site-editing migration is merged, `public.published_site()` is stood in for
 * here by a table of publications and the same function name and notification the contract fixes.
 */
const STAND_IN = `
  create table if not exists public.test_site_publications (id serial primary key, content jsonb not null);
  create or replace function public.published_site() returns jsonb language sql stable as
    $$ select content from public.test_site_publications order by id desc limit 1 $$;`;

const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build');

describe.each(backends)('publishing the site on $name', (backend) => {
  let server: TestServer;
  const page = async (p: string) => {
    const res = await fetch(`${server.url}${p}`);
    return { status: res.status, body: await res.text() };
  };
  async function publish(content: SiteContent | Record<string, unknown>) {
    await server.db.tx(null, async (sql) => {
      const { rows } = await sql<{ id: number }>('insert into public.test_site_publications (content) values ($1) returning id', [JSON.stringify(content)]);
      await sql(`select pg_notify('site_published', $1)`, [String(rows[0]!.id)]);
    });
  }
  /** Waits (at most the 10 s the issue allows) until `p`'s HTML has `text`. */
  async function liveWithin10s(p: string, text: string) {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const { body } = await page(p);
      if (body.includes(text)) return;
      if (Date.now() > deadline) throw new Error(`${p} did not show ${JSON.stringify(text)} within 10 s; status ${JSON.stringify(server.site.status())}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  beforeAll(async () => {
    server = await startTestServer(backend, { staticDir: path.join(buildDir, 'client') });
    await server.db.exec(STAND_IN);
    await server.site.refresh();
  });
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
    const content: SiteContent = {
      ...siteContentDefaults,
      brand: { ...siteContentDefaults.brand, phone: '+1 (555) 010-9999' },
      pricing: {
        ...siteContentDefaults.pricing,
        packages: siteContentDefaults.pricing.packages.map((p, i) => (i === 0 ? { ...p, price: 'From $175' } : p)),
      },
      recipes: [
        ...recipes.map((r) => (r.id === 3 ? { ...r, hidden: true } : r)),
        { ...template, id: 42, title: 'Charred Okra with Lime Butter', tags: ['summer'] },
      ],
    };
    await publish(content);
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
    await publish({ ...siteContentDefaults, brand: { ...siteContentDefaults.brand, email: 'not an address' } });
    const deadline = Date.now() + 10_000;
    while (server.site.status().state !== 'failed' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(server.site.status()).toMatchObject({ state: 'failed', error: expect.stringContaining('email') });
    expect((await page('/price-list')).body).toContain('From $175');
    expect((await page('/about')).body).toContain('+1 (555) 010-9999');
  });

  it('goes back to an earlier publication (a rollback publishes it again)', async () => {
    await publish(siteContentDefaults);
    await liveWithin10s('/price-list', 'From $150');
    expect((await page('/about')).body).toContain(siteContentDefaults.brand.phone);
    expect((await page('/recipe/3')).status).toBe(200);
    expect((await page('/recipe/42')).status).not.toBe(200);
  });
});
