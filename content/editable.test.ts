import { describe, expect, it } from 'vitest';
import { pricingDefaults } from './pricing-defaults.ts';
import { recipes } from './recipes.ts';
import { site } from './site.ts';
import {
  GallerySchema,
  PhotoPathSchema,
  RecipesSchema,
  SITE_DOCUMENT_KEYS,
  parseSiteContent,
  siteContentDefaults,
} from './editable.ts';

describe('content/editable.ts', () => {
  it('defaults are today’s content', () => {
    const content = parseSiteContent(null);
    expect(SITE_DOCUMENT_KEYS).toEqual(['brand', 'pricing', 'pages', 'testimonials', 'recipes', 'gallery', 'quotes']);
    expect(content.brand.phone).toBe(site.phone);
    expect(content.brand.timeZone).toBe('America/New_York');
    expect(content.brand.deliverFormsToChef).toBe(false);
    expect(content.pricing.packages).toEqual(pricingDefaults.packages);
    expect(content.pricing.addOns[0].amount).toEqual({ cents: 3000, unit: 'per_person' });
    expect(content.recipes.map((r) => r.id)).toEqual(recipes.map((r) => r.id));
    expect(content.gallery).toHaveLength(20);
    expect(content.gallery[0]).toEqual({ id: 'g1', image: 'gallery01', alt: expect.stringMatching(/\S/) });
    expect(content.quotes.taxRateBp).toBe(0);
  });

  it('fills a missing document with its default and keeps the given ones', () => {
    const brand = { ...siteContentDefaults.brand, phone: '+1 (555) 000-1111' };
    const content = parseSiteContent({ brand });
    expect(content.brand.phone).toBe('+1 (555) 000-1111');
    expect(content.pricing).toEqual(siteContentDefaults.pricing);
  });

  it('refuses an invalid document, naming the field', () => {
    const addOns = siteContentDefaults.pricing.addOns.map((a, i) =>
      i === 0 ? { ...a, amount: { cents: -1, unit: 'fixed' } } : a,
    );
    expect(() => parseSiteContent({ pricing: { ...siteContentDefaults.pricing, addOns } })).toThrow(/cents/);
    expect(() => parseSiteContent([])).toThrow(TypeError);
    expect(() => parseSiteContent({ brand: { ...siteContentDefaults.brand, email: 'nope' } })).toThrow(/email/);
  });

  it('refuses duplicate recipe ids and a gallery photo with no source or two', () => {
    const r = siteContentDefaults.recipes;
    expect(RecipesSchema.safeParse([...r, r[1]]).success).toBe(false);
    expect(GallerySchema.safeParse([{ id: 'a', alt: 'A plate' }]).success).toBe(false);
    expect(
      GallerySchema.safeParse([{ id: 'a', alt: 'A plate', image: 'gallery01', photo: 'gallery/a.jpg' }]).success,
    ).toBe(false);
    expect(GallerySchema.safeParse([{ id: 'a', alt: 'A plate', photo: 'gallery/a.jpg' }]).success).toBe(true);
  });

  it('keeps photo paths inside the bucket', () => {
    for (const bad of [
      '../x.jpg',
      'gallery/../../etc/passwd',
      '/gallery/a.jpg',
      'gallery',
      'gallery/a b.jpg',
      'https://evil.example/a.jpg',
    ]) {
      expect(PhotoPathSchema.safeParse(bad).success, bad).toBe(false);
    }
    expect(PhotoPathSchema.safeParse('recipes/2f1c-photo.webp').success).toBe(true);
  });

  it('round-trips through JSON (the database keeps jsonb)', () => {
    expect(parseSiteContent(JSON.parse(JSON.stringify(siteContentDefaults)))).toEqual(siteContentDefaults);
  });
});
