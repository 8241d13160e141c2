import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { browserModule, literal } from './content-data-plugin.ts';

/** Runs a generated module (only `export const name = …;` lines) and returns its exports. */
function evaluate(code: string): Record<string, unknown> {
  const names: string[] = [];
  const body = code.replace(/^export const (\w+) = /gm, (_, name: string) => {
    names.push(name);
    return `const ${name} = `;
  });
  return new Function(`${body}\nreturn { ${names.join(', ')} };`)() as Record<string, unknown>;
}
const isSchema = (v: unknown) => typeof v === 'object' && v !== null && '_zod' in v;

const contentDir = path.resolve('content');
/**
 * The site editor's schemas (editable.ts) are loaded as written, and only by the console's site editor under
 * the plugin's `?with-schemas` query (docs/decisions/0053-site-drafts-and-publications.md); an import of it
 * anywhere else in the browser fails the build, because the schemas it imports are left out there.
 */
const SCHEMA_ONLY = ['editable.ts'];
const contentModules = fs
  .readdirSync(contentDir)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !SCHEMA_ONLY.includes(f))
  .sort();

async function generated(file: string) {
  const original = (await import(/* @vite-ignore */ path.join(contentDir, file))) as Record<string, unknown>;
  const code = browserModule({ ...original });
  expect(code, `${file} must become plain data (else zod returns to the browser bundle)`).toBeDefined();
  return { original, browser: evaluate(code!), code: code! };
}

/** Every function content/ exports, each run below as the browser build has it. */
const FUNCTIONS_CHECKED = [
  'booking.ts: telHref',
  'quotes.ts: formatMoney',
  'recipe-schema.ts: isSection',
  'recipe-schema.ts: recipeChecks',
  'recipes.ts: recipeById',
];

describe('content in the browser build', () => {
  test('literals: plain data only', () => {
    expect(literal({ a: [1, 'x', null, true], b: { c: undefined } })).toBe('{"a":[1,"x",null,true],"b":{"c":undefined}}');
    expect(literal(new Map())).toBeUndefined();
    expect(literal(new Date(0))).toBeUndefined();
    expect(literal(Number.NaN)).toBeUndefined();
    expect(literal([1, new Set()])).toBeUndefined();
  });

  test.each(contentModules)('%s: the same data as the checked module, without zod', async (file) => {
    const { original, browser, code } = await generated(file);
    expect(code).not.toMatch(/\bzod\b|\bimport\b/);
    for (const [name, value] of Object.entries(original)) {
      if (isSchema(value)) {
        expect(browser, `${file}: schema ${name} is left out`).not.toHaveProperty(name);
      } else if (typeof value === 'function') {
        // The same code (the plugin copies its source); what it does is checked in the next test.
        expect(typeof browser[name], `${file}: ${name}`).toBe('function');
        expect(String(browser[name]), `${file}: ${name}`).toBe(String(value));
        expect(`${file}: ${name}`).toBeOneOf(FUNCTIONS_CHECKED);
      } else {
        expect(browser[name], `${file}: ${name}`).toEqual(value);
      }
    }
  });

  test('the functions the pages call behave as the originals', async () => {
    const recipes = await generated('recipes.ts');
    const byId = [recipes.original.recipeById, recipes.browser.recipeById] as ((id: number) => unknown)[];
    for (const id of [1, 2, 11, 4]) expect(byId[1]!(id)).toEqual(byId[0]!(id));

    const booking = await generated('booking.ts');
    const tel = [booking.original.telHref, booking.browser.telHref] as ((phone: string) => string)[];
    expect(tel[1]!('+1 (555) 013-2024')).toBe(tel[0]!('+1 (555) 013-2024'));

    const quotes = await generated('quotes.ts');
    const money = [quotes.original.formatMoney, quotes.browser.formatMoney] as ((cents: number | string | null, currency: string) => string)[];
    for (const [cents, currency] of [[123456, 'USD'], ['99', 'EUR'], [null, 'usd']] as const) {
      expect(money[1]!(cents, currency)).toBe(money[0]!(cents, currency));
    }
    expect(money[1]!(123456, 'USD')).toBe('$1,234.56');

    const schema = await generated('recipe-schema.ts');
    const isSection = [schema.original.isSection, schema.browser.isSection] as ((e: object) => boolean)[];
    for (const entry of [{ section: 'For the sauce' }, { name: 'Rice', quantity: '2 cups' }]) {
      expect(isSection[1]!(entry)).toBe(isSection[0]!(entry));
    }
    type Issue = { message: string; path?: (string | number)[] };
    const checks = [schema.original.recipeChecks, schema.browser.recipeChecks] as ((r: object, ctx: object) => void)[];
    const issuesOf = (check: (r: object, ctx: object) => void, recipe: object) => {
      const issues: Issue[] = [];
      check(recipe, { addIssue: (issue: Issue) => issues.push(issue) });
      return issues;
    };
    const lonelySection = { exclusive: false, ingredients: [{ name: 'Rice' }, { section: 'For the sauce' }], instructions: [] };
    const exclusiveWithSteps = { exclusive: true, ingredients: [], instructions: ['Stir the pot slowly.'] };
    for (const recipe of [lonelySection, exclusiveWithSteps]) {
      expect(issuesOf(checks[1]!, recipe)).toEqual(issuesOf(checks[0]!, recipe));
    }
    expect(issuesOf(checks[1]!, lonelySection).map((i) => i.message)).toEqual([
      'needs steps',
      'section "For the sauce" has no ingredients',
    ]);
  });
});
