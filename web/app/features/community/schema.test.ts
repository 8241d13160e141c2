import { describe, expect, it } from 'vitest';
import { RECIPE_LIMITS, recipeFormSchema, recipeInsertSchema, toRecipeInsert } from './schema.ts';

const valid = {
  title: ' Pepper pot ',
  description: '',
  ingredients: ' 2 lb beef \r\n\r\n 1 scotch bonnet\n',
  instructions: 'Brown the beef.\n\nSimmer for two hours.',
  name: '',
};

describe('recipeFormSchema', () => {
  it('trims text and keeps one item per line', () => {
    const values = recipeFormSchema.parse(valid);
    expect(values.title).toBe('Pepper pot');
    expect(values.ingredients).toBe('2 lb beef\n1 scotch bonnet');
    expect(values.instructions).toBe('Brown the beef.\nSimmer for two hours.');
  });

  it('reports blank or space-only required fields as too_small (the Missing Fields case)', () => {
    const result = recipeFormSchema.safeParse({ ...valid, title: '   ', ingredients: ' \n ', instructions: '' });
    expect(result.success).toBe(false);
    const codes = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.code]));
    expect(codes).toEqual({ title: 'too_small', ingredients: 'too_small', instructions: 'too_small' });
  });

  it('refuses over-long text', () => {
    const result = recipeFormSchema.safeParse({ ...valid, title: 'x'.repeat(RECIPE_LIMITS.title + 1) });
    expect(result.error?.issues[0]).toMatchObject({ path: ['title'], code: 'too_big' });
  });

  it('becomes a pending row, Anonymous when no name is given', () => {
    const row = toRecipeInsert(recipeFormSchema.parse(valid), null);
    expect(recipeInsertSchema.parse(row)).toEqual({
      title: 'Pepper pot',
      description: null,
      ingredients: '2 lb beef\n1 scotch bonnet',
      instructions: 'Brown the beef.\nSimmer for two hours.',
      submitted_by: 'Anonymous',
      image_url: null,
      status: 'pending',
    });
    expect(toRecipeInsert(recipeFormSchema.parse({ ...valid, name: ' Kim ' }), null).submitted_by).toBe('Kim');
  });
});

describe('hearing back when the recipe is published', () => {
  const base = { title: 'Pepper pot', description: '', ingredients: '2 lb beef', instructions: 'Simmer.', name: '' };

  it('sends the address only when the box is ticked', () => {
    expect(
      toRecipeInsert(recipeFormSchema.parse({ ...base, notify: true, email: ' kim@example.org ' }), null).author_email,
    ).toBe('kim@example.org');
    expect(
      toRecipeInsert(recipeFormSchema.parse({ ...base, notify: false, email: 'kim@example.org' }), null),
    ).not.toHaveProperty('author_email');
    expect(toRecipeInsert(recipeFormSchema.parse(base), null)).not.toHaveProperty('author_email');
  });

  it('asks for a valid address when the box is ticked', () => {
    const missing = recipeFormSchema.safeParse({ ...base, notify: true, email: '' });
    expect(missing.success).toBe(false);
    expect(missing.error!.issues[0]).toMatchObject({
      path: ['email'],
      message: 'Please enter the e-mail address to write to, or untick the box.',
    });
    const invalid = recipeFormSchema.safeParse({ ...base, notify: true, email: 'kim@example' });
    expect(invalid.error!.issues[0]).toMatchObject({
      path: ['email'],
      message: 'Please enter a valid e-mail address.',
    });
  });
});
