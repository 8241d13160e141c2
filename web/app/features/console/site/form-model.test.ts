import { describe, expect, it } from 'vitest';
import {
  pricingDefault,
  recipesDefault,
  siteContentDefaults,
  SITE_DOCUMENT_KEYS,
  type SiteDocumentKey,
} from '@content/editable.ts';
import { differences } from './conflict-view.tsx';
import { emptyValue, formSchema, validate, variantOf } from './form-model.ts';

describe('the site editor’s form model', () => {
  it.each(SITE_DOCUMENT_KEYS)('%s: the default is valid and the form has a schema for it', (key: SiteDocumentKey) => {
    expect(validate(key, siteContentDefaults[key])).toMatchObject({ ok: true });
    expect(['object', 'array']).toContain(formSchema(key).type);
  });

  it('names the fields the schema refuses by their path', () => {
    const broken = structuredClone(pricingDefault);
    broken.packages[1]!.name = '';
    (broken.addOns[0]!.amount as { cents: unknown }).cents = -5;
    const r = validate('pricing', broken);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect([...r.errors.keys()].sort()).toEqual(['addOns.0.amount.cents', 'packages.1.name']);
  });

  it('a new recipe gets the next id, today as its date and a bundled photo of its neighbours', () => {
    const item = formSchema('recipes').items!;
    const fresh = emptyValue(item, recipesDefault) as {
      id: number;
      published: string;
      image: string;
      ingredients: unknown[];
      hidden: boolean;
    };
    expect(fresh.id).toBe(Math.max(...recipesDefault.map((r) => r.id)) + 1);
    expect(fresh.published).toBe(new Date().toISOString().slice(0, 10));
    expect(fresh.image).toBe(recipesDefault[0]!.image);
    expect([fresh.ingredients, fresh.hidden]).toEqual([[], false]);
  });

  it('an ingredient is a section heading or an item, told apart by its fields', () => {
    const ingredients = formSchema('recipes').items!.properties!.ingredients!.items!;
    expect(variantOf(ingredients, { section: 'Sauce' }).required).toEqual(['section']);
    expect(variantOf(ingredients, { quantity: '1 cup', name: 'rice' }).required).toEqual(['quantity', 'name']);
  });

  it('two versions are compared field by field', () => {
    const mine = { ...siteContentDefaults.brand, tagline: 'Mine', phone: '1' };
    const theirs = { ...siteContentDefaults.brand, tagline: 'Theirs', phone: '1' };
    expect(differences(mine, theirs)).toEqual([['Tagline', 'Mine', 'Theirs']]);
  });
});
