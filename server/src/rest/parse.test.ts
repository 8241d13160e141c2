import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors.ts';
import {
  parseColumns,
  parseFilter,
  parseOrder,
  parsePrefer,
  parseRange,
  parseReadQuery,
  parseSelect,
} from './parse.ts';

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof ApiError ? `${err.status} ${String(err.body.code)}` : String(err);
  }
  return 'no error';
};

describe('PostgREST query parsing', () => {
  it('reads select lists with aliases and quoted names', () => {
    expect(parseSelect(undefined)).toEqual([{ star: true }]);
    expect(parseSelect('id, name:title,"odd, name"')).toEqual([
      { star: false, column: 'id', alias: 'id' },
      { star: false, column: 'title', alias: 'name' },
      { star: false, column: 'odd, name', alias: 'odd, name' },
    ]);
    expect(code(() => parseSelect('author(*)'))).toBe('400 PGRST100');
    expect(code(() => parseSelect('id::text'))).toBe('400 PGRST100');
    expect(code(() => parseSelect('a;drop'))).toBe('400 PGRST100');
  });

  it('reads filters, keeping dots in values and quoted commas in lists', () => {
    expect(parseFilter('email', 'eq.a.b@example.com')).toEqual({
      column: 'email',
      negate: false,
      op: 'eq',
      value: 'a.b@example.com',
    });
    expect(parseFilter('title', 'not.in.(a,"b,c","d\\"e")')).toEqual({
      column: 'title',
      negate: true,
      op: 'in',
      values: ['a', 'b,c', 'd"e'],
    });
    expect(parseFilter('x', 'in.()')).toMatchObject({ values: [] });
    expect(parseFilter('x', 'is.NULL')).toMatchObject({ op: 'is', value: 'null' });
    expect(code(() => parseFilter('x', 'eq'))).toBe('400 PGRST100');
    expect(code(() => parseFilter('x', 'between.1'))).toBe('400 PGRST100');
    expect(code(() => parseFilter('x', 'in.(a'))).toBe('400 PGRST100');
    expect(code(() => parseFilter('x', 'is.maybe'))).toBe('400 PGRST100');
  });

  it('reads order terms', () => {
    expect(parseOrder('created_at.desc.nullslast,title')).toEqual([
      { column: 'created_at', direction: 'desc', nulls: 'last' },
      { column: 'title', direction: 'asc' },
    ]);
    expect(code(() => parseOrder('title.up'))).toBe('400 PGRST100');
  });

  it('combines limit, offset and Range', () => {
    const q = (query: string, range?: string) => parseReadQuery(new URLSearchParams(query), range);
    expect(q('limit=10&offset=5')).toMatchObject({ limit: 10, offset: 5 });
    expect(q('', '10-19')).toMatchObject({ limit: 10, offset: 10 });
    expect(q('limit=5', '0-19')).toMatchObject({ limit: 5, offset: 0 });
    expect(parseRange('nonsense')).toBeUndefined();
    expect(code(() => parseRange('9-1'))).toBe('416 PGRST103');
    expect(code(() => q('limit=1e3'))).toBe('400 PGRST100');
    expect(code(() => q('or=(a.eq.1,b.eq.2)'))).toBe('400 PGRST100');
  });

  it('reads columns and Prefer as supabase-js sends them', () => {
    expect(parseColumns('"name","email"')).toEqual(['name', 'email']);
    expect(parsePrefer('return=representation,count=exact', 'minimal')).toEqual({
      return: 'representation',
      count: 'exact',
    });
    expect(parsePrefer('resolution=ignore-duplicates, missing=default', 'minimal')).toEqual({
      return: 'minimal',
      resolution: 'ignore-duplicates',
      missing: 'default',
    });
  });
});
