import { describe, expect, it } from 'vitest';
import { readCommunityRecipe } from './approved-recipes.ts';

describe('readCommunityRecipe (the list checks its rows without zod)', () => {
  const row = {
    id: '7b6f4a52-1d1e-4c1e-9f55-0f4b3c0a1e2d',
    created_at: '2026-11-24T10:00:00Z',
    title: 'Pepper pot',
    description: null,
    ingredients: '2 lb beef',
    instructions: 'Simmer.',
    submitted_by: 'Kim',
    image_url: null,
    status: 'approved',
  };

  it('keeps the columns the card shows', () => {
    expect(readCommunityRecipe(row)).toEqual({
      id: '7b6f4a52-1d1e-4c1e-9f55-0f4b3c0a1e2d',
      title: 'Pepper pot',
      description: null,
      submitted_by: 'Kim',
      image_url: null,
    });
    expect(readCommunityRecipe({ ...row, id: 12, description: 'Slow.', image_url: 'https://x.test/a.png' })).toEqual({
      id: 12,
      title: 'Pepper pot',
      description: 'Slow.',
      submitted_by: 'Kim',
      image_url: 'https://x.test/a.png',
    });
  });

  it.each([
    ['null', null],
    ['a string', 'Pepper pot'],
    ['an array', [row]],
    ['no id', { ...row, id: undefined }],
    ['an object as id', { ...row, id: { toString: () => '1' } }],
    ['NaN as id', { ...row, id: Number.NaN }],
    ['no title', { ...row, title: undefined }],
    ['a null title', { ...row, title: null }],
    ['a number as title', { ...row, title: 42 }],
    ['markup as an object', { ...row, description: { __html: '<b>x</b>' } }],
    ['an array as author', { ...row, submitted_by: ['Kim'] }],
    ['a number as photo URL', { ...row, image_url: 1 }],
    ['a missing description', (({ description: _, ...rest }) => rest)(row)],
  ])('leaves out a row that is %s', (_name, value) => {
    expect(readCommunityRecipe(value)).toBeNull();
  });
});
