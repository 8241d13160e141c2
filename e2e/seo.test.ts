import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pages } from '../content/pages.ts';
import { pricingDefaults } from '../content/pricing-defaults.ts';
import { recipes } from '../content/recipes.ts';
import { shellCopy } from '../content/shell.ts';
import { serviceCardDefaults } from '../content/services.ts';
import { site as brand } from '../content/site.ts';
import { channelVideos } from '../content/videos.ts';
import { recipePath, routes, type RouteEntry } from '../web/app/paths.ts';
import { prerenderPaths } from '../web/app/prerender.ts';
import { siteFixture } from './support/fixture.ts';

/**
 * Found by search engines: every route's HTML as the server sends it, before any script runs, holds its
 * head (title, description, keywords, canonical, Open Graph, Twitter card, robots), one h1 and its
 * text; JSON-LD parses; robots.txt, sitemap.xml, the 404 page, the unknown-recipe redirect, caching
 * and compression are right. HTML is fetched with plain HTTP and read by Chromium's parser with
 * JavaScript off and the network closed, so what is checked is exactly the served document.
 */
const e2e = siteFixture();
let parser: BrowserContext;
let page: Page;

/** Fixed routes by path, and the recipe pages. */
const entryOf = (path: string): RouteEntry =>
  Object.values(routes).find((r) => r.path === path) ?? (path.startsWith('/recipe/') ? routes.recipe : routes.notFound);
const pagePaths = prerenderPaths().filter((p) => p !== '/404');
const indexedPaths = pagePaths.filter((p) => entryOf(p).indexed);

interface Head {
  status: number;
  headers: Headers;
  title: string;
  description?: string;
  keywords?: string;
  canonical: string[];
  robots?: string;
  og: Record<string, string>;
  twitter: Record<string, string>;
  h1: string[];
  mainWords: number;
  jsonLd: string[];
  scripts: string[];
}

const heads = new Map<string, Head>();

/** Fetches a path and reads its document (no script runs). */
async function read(path: string): Promise<Head> {
  const res = await fetch(e2e.site.url + path, { redirect: 'manual' });
  const html = await res.text();
  await page.setContent(html, { waitUntil: 'domcontentloaded' });
  const dom = await page.evaluate(() => {
    const attr = (sel: string, name = 'content') => document.querySelector(sel)?.getAttribute(name) ?? undefined;
    const props = (prefix: string, key: 'property' | 'name') =>
      Object.fromEntries(
        [...document.querySelectorAll(`meta[${key}^="${prefix}"]`)].map((m) => [
          m.getAttribute(key)!,
          m.getAttribute('content') ?? '',
        ]),
      );
    const main = document.querySelector('main');
    const text = (main?.textContent ?? '').replace(/\s+/g, ' ').trim();
    return {
      title: document.title,
      description: attr('meta[name="description"]'),
      keywords: attr('meta[name="keywords"]'),
      canonical: [...document.querySelectorAll('link[rel="canonical"]')].map((l) => l.getAttribute('href') ?? ''),
      robots: attr('meta[name="robots"]'),
      og: props('og:', 'property'),
      twitter: props('twitter:', 'name'),
      h1: [...document.querySelectorAll('h1')].map((h) => (h.textContent ?? '').replace(/\s+/g, ' ').trim()),
      mainWords: text ? text.split(' ').length : 0,
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => s.textContent ?? ''),
      scripts: [
        ...[...document.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href') ?? ''),
        ...[...document.querySelectorAll('script[src]')].map((s) => s.getAttribute('src') ?? ''),
        // The loader that fetches them after the first paint (decision 0005) names them in its text.
        ...[...document.querySelectorAll('script[type="module"]')].flatMap((s) =>
          [...(s.textContent ?? '').matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!),
        ),
      ],
    };
  });
  return { status: res.status, headers: res.headers, ...dom };
}

beforeAll(async () => {
  // A parser, not a browser session: no JavaScript, no network (not even to our own server).
  parser = await e2e.browser.newContext({ javaScriptEnabled: false });
  await parser.route('**/*', (route) => route.abort());
  page = await parser.newPage();
  for (const path of pagePaths) heads.set(path, await read(path));
});
afterAll(async () => {
  await parser?.close();
});

const head = (path: string) => heads.get(path)!;
/** Minimum words in <main> before scripts run: the splash is a logo and one line; /members waits for a session. */
function minWords(path: string): number {
  if (path === routes.splash.path || path === routes.members.path) return 3;
  // The community's recipes come from the database after load; the heading, lead and prize text are static.
  if (path === routes.communityRecipes.path) return 25;
  return 40;
}

describe.each(pagePaths)('%s as served', (path) => {
  const entry = entryOf(path);
  const url = brand.origin + path;

  test('answers 200 with HTML that revalidates', () => {
    const h = head(path);
    expect(h.status).toBe(200);
    expect(h.headers.get('content-type')).toMatch(/^text\/html/);
    expect(h.headers.get('cache-control')).toBe('no-cache');
  });

  test('has its title, description and keywords', () => {
    const h = head(path);
    expect(h.title.length, 'title').toBeGreaterThan(10);
    expect(h.title.length, `title "${h.title}"`).toBeLessThanOrEqual(70);
    expect(h.description, 'meta description').toBeDefined();
    expect(h.description!.length, `description "${h.description}"`).toBeGreaterThanOrEqual(50);
    expect(h.description!.length, `description "${h.description}"`).toBeLessThanOrEqual(170);
    if (entry.id !== 'recipe') {
      expect(h.title).toBe(pages[entry.id]!.title);
      expect(h.description).toBe(pages[entry.id]!.description);
      expect(h.keywords, 'keywords').toBe(pages[entry.id]!.keywords.join(', '));
    } else {
      // A recipe's own (web/app/features/recipes/recipe-meta.ts): its title first, the brand last.
      const recipe = recipes.find((r) => recipePath(r.id) === path)!;
      expect(h.keywords, 'keywords').toMatch(
        new RegExp(`^${recipe.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, .+ recipe, recipe, ${brand.name}$`),
      );
    }
  });

  test(entry.indexed ? 'has its canonical URL and no noindex' : 'is kept out of search results', () => {
    const h = head(path);
    if (entry.indexed) {
      expect(h.canonical).toEqual([url]);
      expect(h.robots ?? '').not.toMatch(/noindex/);
    } else {
      expect(h.canonical).toEqual([]);
      expect(h.robots).toMatch(/noindex/);
    }
  });

  test('has Open Graph and Twitter card tags with a reachable image', async () => {
    const h = head(path);
    expect(h.og['og:title']).toBe(h.title);
    expect(h.og['og:description']).toBe(h.description);
    expect(h.og['og:url']).toBe(url);
    expect(h.og['og:type']).toBeTruthy();
    expect(h.twitter['twitter:card']).toBe('summary_large_image');
    expect(h.twitter['twitter:title']).toBe(h.title);
    const image = h.og['og:image'];
    expect(image, 'og:image').toMatch(new RegExp(`^${brand.origin.replace(/\./g, '\\.')}/`));
    expect(h.twitter['twitter:image']).toBe(image);
    expect(h.og['og:image:alt'] ?? '', 'og:image:alt').not.toBe('');
    const res = await fetch(e2e.site.url + image!.slice(brand.origin.length));
    expect(res.status, image).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/(jpeg|png|webp)/);
  });

  test('has exactly one h1 with text, and its text before any script runs', () => {
    const h = head(path);
    expect(h.h1).toHaveLength(1);
    expect(h.h1[0]!.length).toBeGreaterThan(2);
    expect(h.mainWords, 'words in <main>').toBeGreaterThanOrEqual(minWords(path));
  });

  test('has JSON-LD that parses, each with @context and @type', () => {
    for (const block of head(path).jsonLd) {
      expect(block, 'no raw < in JSON-LD').not.toMatch(/</);
      const data = JSON.parse(block) as Record<string, unknown>;
      expect(data['@context']).toBe('https://schema.org');
      expect(data['@type']).toBeTruthy();
    }
  });
});

describe('across pages', () => {
  test('every title and every description is unique', () => {
    const dupes = (values: string[]) => values.filter((v, i) => values.indexOf(v) !== i);
    const all = [...heads.values()];
    expect(dupes(all.map((h) => h.title))).toEqual([]);
    expect(dupes(all.map((h) => h.description ?? ''))).toEqual([]);
  });

  test('/payment and /members carry noindex and are not canonical', () => {
    for (const path of [routes.payment.path, routes.members.path]) {
      expect(head(path).robots, path).toMatch(/\bnoindex\b/);
      expect(head(path).canonical, path).toEqual([]);
    }
  });
});

describe('structured data', () => {
  const types = (path: string) => head(path).jsonLd.map((b) => JSON.parse(b) as Record<string, unknown>);
  const ofType = (path: string, type: string) => types(path).filter((d) => d['@type'] === type);

  test.each([routes.home.path, routes.about.path, routes.contact.path])(
    '%s describes the business with its phone and e-mail',
    (path) => {
      const [business] = ofType(path, 'FoodEstablishment');
      expect(business, `FoodEstablishment on ${path}`).toBeDefined();
      expect(business).toMatchObject({
        name: brand.name,
        telephone: brand.phone,
        email: brand.email,
        sameAs: [brand.channelUrl],
      });
    },
  );

  test.each([
    [routes.services.path, serviceCardDefaults.map((s) => s.title)],
    [
      routes.priceList.path,
      [...pricingDefaults.packages, ...pricingDefaults.addOns].map((s) => ('title' in s ? s.title : s.name)),
    ],
  ])('%s lists its services with offers', (path, names) => {
    const [list] = ofType(path, 'ItemList');
    expect(list, `ItemList on ${path}`).toBeDefined();
    const items = list!.itemListElement as { item: { '@type': string; name: string; offers: { '@type': string } } }[];
    expect(items.map((i) => i.item.name)).toEqual(names);
    for (const { item } of items) {
      expect(item['@type']).toBe('Service');
      expect(item.offers['@type']).toBe('Offer');
    }
  });

  test('/services offers the six services at their prices', () => {
    const [list] = ofType(routes.services.path, 'ItemList');
    const items = list!.itemListElement as {
      item: { name: string; offers: { priceSpecification?: { minPrice?: number } } };
    }[];
    expect(items.map((i) => i.item.name)).toEqual([
      'Private Chef Service',
      'Event Catering',
      'Cooking Class',
      'Meal Prep Service',
      'Menu Consultation',
      'Personal Chef Training',
    ]);
    expect(items.map((i) => i.item.offers.priceSpecification?.minPrice)).toEqual([150, undefined, 75, 200, 500, 100]);
  });

  test('/recipes lists every recipe page', () => {
    const [list] = ofType(routes.recipes.path, 'ItemList');
    expect(list, 'ItemList on /recipes').toBeDefined();
    const urls = (list!.itemListElement as { url: string }[]).map((i) => i.url);
    expect(urls).toEqual(recipes.map((r) => brand.origin + recipePath(r.id)));
  });

  test.each(recipes.map((r) => r.id))('/recipe/%s carries its Recipe', (id) => {
    const [recipe] = ofType(recipePath(id), 'Recipe');
    expect(recipe, `Recipe on /recipe/${id}`).toMatchObject({ name: recipes.find((r) => r.id === id)!.title });
  });

  test.each([routes.watch.path, routes.home.path])('%s describes its videos', (path) => {
    const videos = ofType(path, 'VideoObject');
    // The channel's videos from content/videos.ts: the first three on /home (HOME_VIDEO_COUNT), all on /watch.
    const shown = channelVideos.slice(0, path === routes.home.path ? 3 : undefined).map((v) => v.title);
    expect(
      videos.map((v) => v.name),
      `VideoObject on ${path}`,
    ).toEqual(shown);
    for (const v of videos) {
      expect(v.name).toBeTruthy();
      expect(v.description).toBeTruthy();
      expect(v.uploadDate).toMatch(/^\d{4}-\d{2}-\d{2}/);
      expect((v.thumbnailUrl as string[])[0]).toMatch(/^https?:\/\//);
    }
  });
});

describe('crawling', () => {
  test('robots.txt is plain text and points at the sitemap', async () => {
    const res = await fetch(`${e2e.site.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toContain(`Sitemap: ${brand.origin}/sitemap.xml`);
    expect(text).not.toMatch(/^Disallow: \/$/m);
  });

  test('sitemap.xml lists every indexed route and every recipe, and nothing else', async () => {
    const res = await fetch(`${e2e.site.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^(application|text)\/xml/);
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>/);
    expect(xml).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(new Set(locs).size).toBe(locs.length);
    expect([...locs].sort()).toEqual(indexedPaths.map((p) => brand.origin + p).sort());
    for (const r of recipes) expect(locs).toContain(brand.origin + recipePath(r.id));
    for (const p of [routes.payment.path, routes.members.path, '/404']) expect(locs).not.toContain(brand.origin + p);
  });

  test.each(['/no-such-page', '/404', '/about/more', '/assets/missing.js'])(
    '%s answers 404 with the not-found page',
    async (path) => {
      const h = await read(path);
      expect(h.status).toBe(404);
      expect(h.headers.get('content-type')).toMatch(/^text\/html/);
      expect(h.title).toBe(pages.notFound!.title);
      expect(h.h1).toEqual([shellCopy.notFound.title]);
      expect(h.robots).toMatch(/noindex/);
      expect(h.canonical).toEqual([]);
    },
  );

  test.each(['/recipe/999', '/recipe/abc', '/recipe/02'])('%s redirects to /recipes', async (path) => {
    const res = await fetch(e2e.site.url + path, { redirect: 'manual' });
    expect([301, 302, 307, 308]).toContain(res.status);
    expect(new URL(res.headers.get('location')!, e2e.site.url).pathname).toBe(routes.recipes.path);
  });
});

describe('caching and compression', () => {
  const assetsOf = (path: string) => head(path).scripts.filter((s) => s.startsWith('/assets/'));

  test('hashed scripts, styles and media are cached for a year as immutable; HTML revalidates', async () => {
    const home = head(routes.home.path);
    const css = await fetch(`${e2e.site.url}${routes.home.path}`)
      .then((r) => r.text())
      .then((html) => /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1]);
    const media = home.og['og:image']!.slice(brand.origin.length);
    expect(assetsOf(routes.home.path).length).toBeGreaterThanOrEqual(3);
    const urls = [...assetsOf(routes.home.path).slice(0, 3), css, media];
    expect(urls.every(Boolean), urls.join(', ')).toBe(true);
    for (const u of urls) {
      const res = await fetch(e2e.site.url + u);
      expect(res.status, u).toBe(200);
      expect(res.headers.get('cache-control'), u).toMatch(/max-age=31536000/);
      expect(res.headers.get('cache-control'), u).toMatch(/\bimmutable\b/);
    }
    for (const p of [routes.home.path, '/robots.txt', '/sitemap.xml']) {
      const res = await fetch(e2e.site.url + p);
      expect(res.headers.get('cache-control'), p).toBe('no-cache');
    }
  });

  test.each(['br', 'gzip'])('text is sent %s-compressed when asked', async (encoding) => {
    const js = assetsOf(routes.home.path)[0]!;
    for (const p of [routes.home.path, js, '/sitemap.xml']) {
      const plain = await fetch(e2e.site.url + p, { headers: { 'accept-encoding': 'identity' } });
      const packed = await fetch(e2e.site.url + p, { headers: { 'accept-encoding': encoding } });
      expect(plain.headers.get('content-encoding'), p).toBeNull();
      expect(packed.headers.get('content-encoding'), p).toBe(encoding);
      expect(packed.headers.get('vary'), p).toMatch(/accept-encoding/i);
      // fetch decodes the body: the same bytes arrive, in fewer on the wire.
      const [a, b] = [await plain.text(), await packed.text()];
      expect(b).toBe(a);
      expect(Number(packed.headers.get('content-length')), p).toBeLessThan(Number(plain.headers.get('content-length')));
    }
  });
});
