import { describe, expect, it } from 'vitest';
import { FRACTIONS, formatAmount, parseQuantity, scaleQuantity } from './quantity.ts';

describe('parseQuantity reads the leading quantity in the forms cooks write', () => {
  const cases: [text: string, amount: number | null, upper: number | undefined, rest: string][] = [
    ['2 cups flour', 2, undefined, ' cups flour'],
    ['1.5 cups milk', 1.5, undefined, ' cups milk'],
    ['1,5 l water', 1.5, undefined, ' l water'],
    ['.5 tsp salt', 0.5, undefined, ' tsp salt'],
    ['1,500 g flour', 1500, undefined, ' g flour'],
    ['1/2 tsp salt', 0.5, undefined, ' tsp salt'],
    ['1⁄4 cup sugar', 0.25, undefined, ' cup sugar'],
    ['1 1/2 cups rice', 1.5, undefined, ' cups rice'],
    ['1-1/2 cups rice', 1.5, undefined, ' cups rice'],
    ['½ tsp pepper', 0.5, undefined, ' tsp pepper'],
    ['1½ cups stock', 1.5, undefined, ' cups stock'],
    ['1 ½ cups stock', 1.5, undefined, ' cups stock'],
    ['⅔ cup cream', 2 / 3, undefined, ' cup cream'],
    ['2-3 cloves garlic', 2, 3, ' cloves garlic'],
    ['2–3 cloves garlic', 2, 3, ' cloves garlic'],
    ['2 - 3 cloves garlic', 2, 3, ' cloves garlic'],
    ['2 to 3 cloves garlic', 2, 3, ' cloves garlic'],
    ['1/2-1 tsp chili flakes', 0.5, 1, ' tsp chili flakes'],
    ['1 1/2 to 2 cups water', 1.5, 2, ' cups water'],
    ['12oz steak', 12, undefined, 'oz steak'],
    ['1-inch piece ginger', 1, undefined, '-inch piece ginger'],
    ['1 12-inch tortilla', 1, undefined, ' 12-inch tortilla'],
    ['2 tomatoes', 2, undefined, ' tomatoes'],
    ['3-2 cups', 3, undefined, '-2 cups'],
    ['to taste', null, undefined, ''],
    ['a pinch of salt', null, undefined, ''],
    ['Juice of 1 lime', null, undefined, ''],
    ['as needed', null, undefined, ''],
  ];
  it.each(cases)('%s', (text, amount, upper, rest) => {
    const parsed = parseQuantity(text);
    if (amount === null) {
      expect(parsed).toBeNull();
      return;
    }
    expect(parsed).not.toBeNull();
    expect(parsed!.amount).toBeCloseTo(amount, 12);
    expect(parsed!.upper).toBe(upper);
    expect(parsed!.rest).toBe(rest);
  });
});

describe('formatAmount follows the display rule (tolerance 0.1, nearest known fraction)', () => {
  const cases: [value: number, shown: string][] = [
    [0, '0'],
    [1, '1'],
    [2, '2'],
    [24, '24'],
    [2.05, '2'], // fractional part under 0.1 → whole number
    [2.0999, '2'],
    [0.125, '⅛'],
    [0.25, '¼'],
    [1 / 3, '⅓'],
    [0.375, '⅜'],
    [0.5, '½'],
    [0.625, '⅝'],
    [2 / 3, '⅔'],
    [0.75, '¾'],
    [0.875, '⅞'],
    [1.5, '1½'],
    [2.25, '2¼'],
    [3.75, '3¾'],
    [1.48, '1½'], // nearest within tolerance
    [0.34, '⅓'], // ⅓ (0.0067 away) beats ⅜ (0.035 away)
    [0.36, '⅜'], // ⅜ (0.015 away) beats ⅓ (0.027 away)
    [0.3, '⅓'],
    [0.7, '⅔'],
    [0.72, '¾'],
    [0.45, '½'],
    [0.2, '¼'],
    [0.15, '⅛'],
    [1.1, '1⅛'],
    [2.95, '3'], // closer to the next whole than to ⅞
    [0.9999999999, '1'], // float noise never shows as ⅞
    [0.1 * 3, '⅓'], // 0.30000000000000004
    [0.6000000000000001, '⅝'],
    [0.0625, '⅛'], // never 0 for a non-zero quantity: ⅛ from 1/16 up
    [0.09, '⅛'],
    [0.05, 'under ⅛'], // … and "under ⅛" below it
    [0.001, 'under ⅛'],
  ];
  it.each(cases)('%s → %s', (value, shown) => {
    expect(formatAmount(value)).toBe(shown);
  });

  it('never shows floating-point noise or an empty string for any value on a fine grid', () => {
    for (let i = 1; i <= 2400; i++) {
      const shown = formatAmount(i / 100);
      expect(shown).toMatch(/^(under ⅛|\d+|\d*[⅛¼⅓⅜½⅝⅔¾⅞]|\d+\.\d)$/);
      expect(shown).not.toBe('0');
    }
  });

  it('rejects what is not a quantity', () => {
    expect(() => formatAmount(Number.NaN)).toThrow(RangeError);
    expect(() => formatAmount(-1)).toThrow(RangeError);
  });

  it('documents a table of nine fractions: eighths, quarters, thirds and the half', () => {
    expect(FRACTIONS.map((f) => f.glyph).join('')).toBe('⅛¼⅓⅜½⅝⅔¾⅞');
  });
});

describe('scaleQuantity scales from the original by servings / original servings', () => {
  const cases: [text: string, servings: number, original: number, shown: string][] = [
    ['2 cups flour', 4, 2, '4 cups flour'],
    ['2 cups flour', 1, 2, '1 cup flour'],
    ['1 1/2 cups rice', 1, 2, '¾ cup rice'],
    ['1 1/2 cups rice', 3, 2, '2¼ cups rice'],
    ['1 ½ cups stock', 6, 4, '2¼ cups stock'],
    ['½ tsp salt', 1, 4, '⅛ tsp salt'],
    ['¼ tsp cayenne', 1, 4, '⅛ tsp cayenne'], // 1/16 → ⅛, never 0
    ['⅛ tsp cayenne', 1, 4, 'under ⅛ tsp cayenne'], // 1/32 → never vanishes
    ['1/3 cup ketchup', 3, 2, '½ cup ketchup'],
    ['1/3 cup ketchup', 5, 2, '⅞ cup ketchup'], // 0.8333 → nearest ⅞ (0.042 away), not ¾ (0.083)
    ['1 tbsp oil', 3, 2, '1½ tbsp oil'],
    ['3 eggs', 1, 2, '1½ eggs'],
    ['3 eggs', 1, 4, '¾ eggs'],
    ['2-3 cloves garlic', 4, 2, '4–6 cloves garlic'],
    ['2-3 cloves garlic', 1, 2, '1–1½ cloves garlic'],
    ['2 to 3 dashes hot sauce', 6, 2, '6 to 9 dashes hot sauce'],
    ['2-3 tbsp horseradish', 1, 24, '⅛ tbsp horseradish'], // both ends show ⅛ → shown once
    ['1-2 tbsp horseradish', 1, 24, 'up to ⅛ tbsp horseradish'], // never "under ⅛–⅛"
    ['1.5 cups milk', 3, 1, '4½ cups milk'],
    ['1,5 l water', 2, 1, '3 l water'],
    ['0.1 cup broth', 3, 1, '⅓ cup broth'], // 0.30000000000000004
    ['1-inch piece ginger', 2, 1, '2-inch piece ginger'],
    ['2 cloves garlic', 1, 2, '1 clove garlic'], // the unit agrees with the amount …
    ['1 Cup basil', 2, 1, '2 Cups basil'],
    ['1 cup rice', 21, 20, '1 cup rice'], // 1.05 shows as 1 → singular
    ['4 tbsp butter', 1, 4, '1 tbsp butter'], // … abbreviations never change
    ['2 large eggs', 1, 2, '1 large eggs'], // other words are the cook's text, kept as written
    ['to taste', 24, 2, 'to taste'],
    ['a pinch of salt', 1, 4, 'a pinch of salt'],
    ['12 large shrimp', 24, 4, '72 large shrimp'],
    ['1 (14 oz) can coconut milk', 6, 4, '1½ (14 oz) can coconut milk'],
  ];
  it.each(cases)('%s at %i of %i → %s', (text, servings, original, shown) => {
    expect(scaleQuantity(text, servings, original).text).toBe(shown);
  });

  it('returns the amount and the rest separately', () => {
    expect(scaleQuantity('2-3 cloves garlic', 4, 2)).toEqual({
      text: '4–6 cloves garlic',
      amount: '4–6',
      rest: ' cloves garlic',
    });
    expect(scaleQuantity('to taste', 4, 2)).toEqual({ text: 'to taste', amount: null, rest: 'to taste' });
  });

  it('3 → 1½ → ¾ and back returns exactly to 3 (scaled from the original, never from a shown value)', () => {
    const original = '3 cups stock';
    expect(scaleQuantity(original, 2, 4).text).toBe('1½ cups stock');
    expect(scaleQuantity(original, 1, 4).text).toBe('¾ cup stock');
    expect(scaleQuantity(original, 4, 4).text).toBe('3 cups stock');
  });

  it('one more serving adds exactly one serving’s worth, never doubles', () => {
    // 2 servings → 3 servings: 1 cup becomes 1½, not 2.
    expect(scaleQuantity('1 cup rice', 3, 2).text).toBe('1½ cups rice');
    expect(scaleQuantity('1 cup rice', 2, 2).text).toBe('1 cup rice');
  });

  it('every quantity at every servings count 1…24 shows a non-zero, noise-free amount', () => {
    for (const text of ['1/8 tsp salt', '1/3 cup sugar', '0.7 cup milk', '2-3 cloves', '1 1/2 cups']) {
      for (let servings = 1; servings <= 24; servings++) {
        const { amount } = scaleQuantity(text, servings, 4);
        expect(amount).not.toBe('0');
        expect(amount).not.toMatch(/\d\.\d{2,}/);
      }
    }
  });

  it('refuses impossible servings', () => {
    expect(() => scaleQuantity('1 cup', 1, 0)).toThrow(RangeError);
    expect(() => scaleQuantity('1 cup', -1, 2)).toThrow(RangeError);
  });
});
