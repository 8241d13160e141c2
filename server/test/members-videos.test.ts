import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, client, startTestServer, TEST_JWT_SECRET, type TestServer } from './support/backend.ts';

/**
 * The members-only videos are rows only a signed-in member can read (supabase/migrations:
 * members_videos): visitors get nothing, members read them, nobody but the service role changes them.
 */
describe.each(backends)('members videos on $name', (backend) => {
  let server: TestServer;
  let memberToken: string;

  beforeAll(async () => {
    server = await startTestServer(backend, { env: { RATE_LIMIT_SIGN_UP: '1000' } });
    const { data, error } = await client(server, server.anonKey).auth.signUp({
      email: `member-${Date.now()}@example.com`,
      password: 'correct horse 1',
    });
    expect(error).toBeNull();
    memberToken = data.session!.access_token;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('gives a visitor nothing', async () => {
    const r = await client(server, server.anonKey).from('members_videos').select('*');
    expect(r.data).toBeNull();
    expect(r.status).toBe(401);
    const raw = await fetch(`${server.url}/rest/v1/members_videos?select=video_id`, {
      headers: { apikey: server.anonKey },
    });
    expect(raw.status).toBe(401);
    const text = await raw.text();
    for (const id of ['cF3vQm7LxW2', 'pL8tRk2NwQ5', 'bH4sYd9JmT1']) expect(text).not.toContain(id);
  });

  it('gives a member the three demo videos of a fresh database, in order', async () => {
    const r = await client(server, server.anonKey, { accessToken: memberToken })
      .from('members_videos')
      .select('video_id, title, description, thumbnail')
      .order('position');
    expect(r.error).toBeNull();
    expect(r.data).toEqual([
      expect.objectContaining({
        video_id: 'cF3vQm7LxW2',
        title: 'The Signature Sauce, Step by Step',
        thumbnail: 'membersThumb1',
      }),
      expect.objectContaining({
        video_id: 'pL8tRk2NwQ5',
        title: 'Plating Like a Professional',
        thumbnail: 'membersThumb2',
      }),
      expect.objectContaining({
        video_id: 'bH4sYd9JmT1',
        title: 'Behind the Scenes of a Private Dinner',
        thumbnail: 'membersThumb3',
      }),
    ]);
  });

  it('gives an anonymous sign-in (no account) nothing', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({
      role: 'authenticated',
      aud: 'authenticated',
      sub: crypto.randomUUID(),
      is_anonymous: true,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const r = await client(server, server.anonKey, { accessToken: token }).from('members_videos').select('*');
    expect(r.error).toBeNull();
    expect(r.data).toEqual([]);
  });

  it('lets only the service role change them', async () => {
    const member = client(server, server.anonKey, { accessToken: memberToken });
    const row = { video_id: 'AAAAAAAAAAA', title: 'Mine', description: 'Not allowed', thumbnail: 'membersThumb1' };
    expect((await member.from('members_videos').insert(row)).status).toBe(403);
    expect(
      (await member.from('members_videos').update({ title: 'Changed' }).eq('video_id', 'cF3vQm7LxW2')).status,
    ).toBe(403);
    expect((await member.from('members_videos').delete().eq('video_id', 'cF3vQm7LxW2')).status).toBe(403);
    const service = client(server, server.serviceKey);
    expect((await service.from('members_videos').insert({ ...row, video_id: 'BBBBBBBBBBB' })).status).toBe(201);
    const bad = await service.from('members_videos').insert({ ...row, video_id: 'not a youtube id' });
    expect(bad.status).toBe(400);
    expect((await service.from('members_videos').delete().eq('video_id', 'BBBBBBBBBBB')).status).toBe(204);
  });
});
