import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fetchApprovedRecipes, ListError, readCommunityRecipe } from './approved-recipes.ts';

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

describe('fetchApprovedRecipes', () => {
  // A real HTTP server standing where the API would be: it answers what each test queues.
  let server: http.Server;
  let answers: { status: number; body: string; headers?: Record<string, string> }[] = [];
  const seen: { url: string; apikey?: string; authorization?: string }[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push({ url: req.url!, apikey: req.headers.apikey as string, authorization: req.headers.authorization });
      const answer = answers.shift() ?? { status: 500, body: '{"message":"nothing queued"}' };
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(answer.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    vi.stubEnv('VITE_SUPABASE_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    vi.stubEnv('VITE_SUPABASE_ANON_KEY', 'anon-key');
  });
  afterEach(() => {
    answers = [];
    seen.length = 0;
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await new Promise((resolve) => server.close(resolve));
  });

  const good = {
    id: 1,
    created_at: '2026-11-24T10:00:00Z',
    title: 'Jollof',
    description: null,
    submitted_by: null,
    image_url: null,
    status: 'approved',
  };

  it("asks for the approved rows newest first with the anon key, or the member's token as the bearer; leaves bad rows out", async () => {
    answers.push({ status: 200, body: JSON.stringify([good, { ...good, id: 2, title: null }, 'x']) });
    expect(await fetchApprovedRecipes()).toEqual([
      { id: 1, title: 'Jollof', description: null, submitted_by: null, image_url: null },
    ]);
    expect(seen).toEqual([
      {
        url: '/rest/v1/community_recipes?select=*&status=eq.approved&order=created_at.desc',
        apikey: 'anon-key',
        authorization: 'Bearer anon-key',
      },
    ]);
    answers.push({ status: 200, body: '[]' });
    expect(await fetchApprovedRecipes('member-token')).toEqual([]);
    expect(seen[1]).toMatchObject({ apikey: 'anon-key', authorization: 'Bearer member-token' });
  });

  it('asks again after a 503 or 520, as supabase-js would, waiting what Retry-After says', async () => {
    answers.push(
      { status: 503, body: '{"message":"starting"}', headers: { 'Retry-After': '0' } },
      { status: 520, body: '', headers: { 'Retry-After': '0' } },
      { status: 200, body: JSON.stringify([good]) },
    );
    expect(await fetchApprovedRecipes()).toHaveLength(1);
    expect(seen).toHaveLength(3);
  });

  it('gives up after three more tries, and throws what the backend said', async () => {
    for (let i = 0; i < 5; i++)
      answers.push({ status: 503, body: '{"message":"Service Unavailable"}', headers: { 'Retry-After': '0' } });
    const error = await fetchApprovedRecipes().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ListError);
    expect(error).toMatchObject({ status: 503, message: 'Community recipes: Service Unavailable' });
    expect(seen).toHaveLength(4);
  });

  it('throws at once on an error that asking again would not fix, and on an answer that is not a list', async () => {
    answers.push({ status: 401, body: '{"code":"PGRST301","message":"JWT expired"}' });
    await expect(fetchApprovedRecipes('old-token')).rejects.toMatchObject({
      status: 401,
      message: 'Community recipes: JWT expired',
    });
    expect(seen).toHaveLength(1);
    answers.push({ status: 200, body: '{"rows":[]}' });
    await expect(fetchApprovedRecipes()).rejects.toBeInstanceOf(ListError);
    answers.push({ status: 200, body: 'not json' });
    await expect(fetchApprovedRecipes()).rejects.toBeInstanceOf(ListError);
  });
});
