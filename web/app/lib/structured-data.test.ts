import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Meta, createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pricingDefaults } from '@content/pricing-defaults.ts';
import { recipes } from '@content/recipes.ts';
import { serviceCardDefaults } from '@content/services.ts';
import { site } from '@content/site.ts';
import { pageMeta } from './seo.ts';
import {
  BUSINESS_ID,
  businessJsonLd,
  clockToIsoDuration,
  offerJsonLd,
  parsePrice,
  recipeListJsonLd,
  servicesJsonLd,
  videoJsonLd,
} from './structured-data.ts';

const absolute = (url: unknown) => typeof url === 'string' && url.startsWith(`${site.origin}/`);

/** What React Router's <Meta> writes into the page head for a route whose meta returns `tags`. */
function renderHead(tags: ReturnType<typeof pageMeta>): string {
  const Stub = createRoutesStub([{ path: '/', meta: () => tags, Component: () => createElement(Meta) }]);
  return renderToString(createElement(Stub, { initialEntries: ['/'] }));
}

/** The JSON of each ld+json script in an HTML string. */
const ldScripts = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);

describe('businessJsonLd', () => {
  it('describes the business with the configured contacts, address and channel', () => {
    const data = businessJsonLd();
    expect(data['@context']).toBe('https://schema.org');
    expect(data['@type']).toBe('FoodEstablishment');
    expect(data['@id']).toBe(BUSINESS_ID);
    expect(data).toMatchObject({
      name: site.name,
      telephone: site.phone,
      email: site.email,
      url: `${site.origin}/home`,
      sameAs: [site.channelUrl],
      address: {
        '@type': 'PostalAddress',
        addressLocality: site.address.locality,
        addressRegion: site.address.region,
        addressCountry: site.address.country,
      },
      areaServed: { '@type': 'Country', name: site.address.country },
    });
    expect(data.priceRange).toMatch(/^\$+$/);
    const images = data.image as string[];
    expect(images.length).toBeGreaterThan(0);
    expect(images.every(absolute)).toBe(true);
    expect(images[0]).toMatch(/\.jpg$/);
    expect(absolute((data.logo as { url: string }).url)).toBe(true);
  });
});

describe('prices', () => {
  it('reads the displayed price texts', () => {
    expect(parsePrice('From $150 per person')).toEqual({ amount: 150, from: true, unit: 'person' });
    expect(parsePrice('$30 per person')).toEqual({ amount: 30, from: false, unit: 'person' });
    expect(parsePrice('From $500')).toEqual({ amount: 500, from: true, unit: undefined });
    expect(parsePrice('From $1,250.50 per week')).toEqual({ amount: 1250.5, from: true, unit: 'week' });
    expect(parsePrice('Custom pricing')).toEqual({ amount: undefined, from: false, unit: undefined });
    expect(parsePrice('Market price').amount).toBeUndefined();
  });

  it('turns a starting price into a minPrice and a fixed one into a price, per unit', () => {
    expect(offerJsonLd('From $100 per hour')).toMatchObject({
      '@type': 'Offer',
      priceCurrency: 'USD',
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        minPrice: 100,
        priceCurrency: 'USD',
        referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitText: 'hour', unitCode: 'HUR' },
      },
    });
    expect(offerJsonLd('From $100 per hour')).not.toHaveProperty('price');
    const fixed = offerJsonLd('$50 per hour');
    expect(fixed.price).toBe(50);
    expect(fixed.priceSpecification).toMatchObject({ price: 50 });
    const quote = offerJsonLd('Custom quote');
    expect(quote).toMatchObject({ '@type': 'Offer', description: 'Custom quote' });
    expect(quote).not.toHaveProperty('priceSpecification');
    expect(quote).not.toHaveProperty('price');
  });
});

describe('servicesJsonLd', () => {
  it('lists the six services with their offers, in order', () => {
    const data = servicesJsonLd(serviceCardDefaults, { name: 'Culinary Services', url: '/services' });
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      url: `${site.origin}/services`,
    });
    const items = data.itemListElement as { position: number; item: Record<string, unknown> }[];
    expect(items.map((i) => i.position)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(items.map((i) => i.item.name)).toEqual(serviceCardDefaults.map((s) => s.title));
    const privateChef = items[0]!.item;
    expect(privateChef).toMatchObject({
      '@type': 'Service',
      provider: { '@id': BUSINESS_ID },
      offers: { '@type': 'Offer', priceSpecification: { minPrice: 150, referenceQuantity: { unitText: 'person' } } },
    });
    expect(absolute(privateChef.image)).toBe(true);
    // "Custom pricing": an offer without an invented amount.
    expect(items[1]!.item.offers).not.toHaveProperty('priceSpecification');
  });

  it('reads pricing packages (price + per) and add-ons', () => {
    const data = servicesJsonLd([...pricingDefaults.packages, ...pricingDefaults.addOns], {
      name: 'Price List',
      url: '/price-list',
    });
    const items = data.itemListElement as { item: { name: string; offers: Record<string, unknown> } }[];
    expect(items).toHaveLength(pricingDefaults.packages.length + pricingDefaults.addOns.length);
    const classes = items.find((i) => i.item.name === 'Cooking Classes')!;
    expect(classes.item.offers).toMatchObject({
      description: 'From $75 per person',
      priceSpecification: { minPrice: 75, referenceQuantity: { unitText: 'person' } },
    });
    const wine = items.find((i) => i.item.name === 'Wine Pairing')!;
    expect(wine.item.offers).toMatchObject({ price: 30, priceSpecification: { price: 30 } });
  });
});

describe('recipeListJsonLd', () => {
  it('links every recipe page in order', () => {
    const data = recipeListJsonLd(recipes);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      numberOfItems: recipes.length,
    });
    expect(data.itemListElement).toEqual(
      recipes.map((r, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        url: `${site.origin}/recipe/${r.id}`,
        name: r.title,
      })),
    );
  });
});

describe('videoJsonLd', () => {
  it('describes a platform video with absolute thumbnail, upload date, duration and embed', () => {
    const data = videoJsonLd({
      title: 'Knife Skills',
      description: 'Three cuts.',
      thumbnail: 'videoThumb3',
      uploadDate: '2025-03-01',
      duration: '12:03',
      youtubeId: 'abc123',
    });
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'VideoObject',
      name: 'Knife Skills',
      description: 'Three cuts.',
      uploadDate: '2025-03-01',
      duration: 'PT12M3S',
      embedUrl: 'https://www.youtube.com/embed/abc123',
    });
    expect((data.thumbnailUrl as string[]).every(absolute)).toBe(true);
  });

  it('makes a served file absolute and leaves out what is not known', () => {
    const data = videoJsonLd({
      title: 'Juice',
      description: 'Green.',
      thumbnail: 'videoThumb2',
      uploadDate: '2025-01-02',
      contentUrl: '/media/x.mp4',
    });
    expect(data.contentUrl).toBe(`${site.origin}/media/x.mp4`);
    expect(data).not.toHaveProperty('embedUrl');
    expect(data).not.toHaveProperty('duration');
  });

  it('converts running times to ISO 8601', () => {
    expect(clockToIsoDuration('8:42')).toBe('PT8M42S');
    expect(clockToIsoDuration('5:00')).toBe('PT5M');
    expect(clockToIsoDuration('1:02:03')).toBe('PT1H2M3S');
    expect(clockToIsoDuration('0:00')).toBe('PT0S');
    expect(clockToIsoDuration('PT3M')).toBe('PT3M');
    expect(() => clockToIsoDuration('soon')).toThrow(RangeError);
  });
});

describe('JSON-LD in the page head', () => {
  it('cannot close its script element: React Router escapes <, > and & in ld+json', () => {
    const hostile = 'Crab cakes </script><script>alert(1)</script> & <!-- more';
    const html = renderHead(pageMeta('about', { jsonLd: [{ ...businessJsonLd(), description: hostile }] }));
    const scripts = ldScripts(html);
    expect(scripts).toHaveLength(1);
    expect(html).not.toContain('<script>alert(1)');
    expect(scripts[0]).not.toMatch(/[<>]/);
    // …and the JSON still reads back to the original text.
    expect(JSON.parse(scripts[0]!).description).toBe(hostile);
  });

  it('writes every builder as a parseable script with @context and @type', () => {
    const html = renderHead(
      pageMeta('home', {
        jsonLd: [
          businessJsonLd(),
          servicesJsonLd(serviceCardDefaults, { name: 'Services', url: '/services' }),
          recipeListJsonLd(recipes),
          videoJsonLd({ title: 'T', description: 'D', thumbnail: 'videoThumb1', uploadDate: '2025-01-01' }),
        ],
      }),
    );
    const parsed = ldScripts(html).map((s) => JSON.parse(s) as Record<string, unknown>);
    expect(parsed.map((p) => p['@type'])).toEqual(['FoodEstablishment', 'ItemList', 'ItemList', 'VideoObject']);
    expect(parsed.every((p) => p['@context'] === 'https://schema.org')).toBe(true);
  });
});

describe('pageMeta social card', () => {
  const value = (tags: ReturnType<typeof pageMeta>, key: string) =>
    (
      tags.find((t) => (t as Record<string, string>).property === key || (t as Record<string, string>).name === key) as
        { content: string } | undefined
    )?.content;

  it('defaults to the 1200x630 JPEG card with its alt text', () => {
    const tags = pageMeta('services');
    expect(value(tags, 'og:image')).toMatch(new RegExp(`^${site.origin}/media/.+\\.jpg$`));
    expect(value(tags, 'og:image:width')).toBe('1200');
    expect(value(tags, 'og:image:height')).toBe('630');
    expect(value(tags, 'og:image:alt')?.length).toBeGreaterThan(10);
    expect(value(tags, 'twitter:image')).toBe(value(tags, 'og:image'));
  });

  it('uses a page image when one is given', () => {
    const tags = pageMeta('recipe', { image: '/media/r.webp', imageAlt: 'A dish', path: '/recipe/2' });
    expect(value(tags, 'og:image')).toBe(`${site.origin}/media/r.webp`);
    expect(value(tags, 'og:image:alt')).toBe('A dish');
    expect(value(tags, 'og:image:width')).toBeUndefined();
  });
});
