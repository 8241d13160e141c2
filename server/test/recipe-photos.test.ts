import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { backends, client, startTestServer, type TestServer } from './support/backend.ts';

/**
 * Withdrawing a recipe deletes only its own photo (issue 18, item 3): a recipe's image_url must
 * name a photo stored in this site's bucket, and a photo another row still uses is never deleted,
 * whoever asks (the policy on storage.objects decides, as on hosted Supabase).
 */
const BUCKET = 'community_recipes';
const REFUSED = "image_url must be a photo uploaded to this site's community_recipes bucket";

describe.each(backends)('recipe photos ($name)', (backend) => {
  let server: TestServer;
  let anon: SupabaseClient;
  let service: SupabaseClient;
  let owner: SupabaseClient;

  const publicUrl = (name: string) => `${server.url}/storage/v1/object/public/${BUCKET}/${name}`;
  const upload = async (name: string) => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#2e86de' } })
      .png()
      .toBuffer();
    const { error } = await anon.storage
      .from(BUCKET)
      .upload(name, new Blob([png], { type: 'image/png' }), { contentType: 'image/png' });
    expect(error).toBeNull();
    return publicUrl(name);
  };
  const recipe = (title: string, image_url: string | null) => ({
    title,
    ingredients: 'Rice',
    instructions: 'Cook.',
    image_url,
    status: 'pending',
  });
  const idOf = async (title: string) =>
    ((await service.from('community_recipes').select('id').eq('title', title)).data![0] as { id: string }).id;

  beforeAll(async () => {
    server = await startTestServer(backend);
    anon = client(server, server.anonKey);
    service = client(server, server.serviceKey);
    const signUp = await client(server, server.anonKey).auth.signUp({
      email: `owner-${crypto.randomUUID()}@photos.test`,
      password: 'photo-password-1',
    });
    expect(signUp.error).toBeNull();
    expect(
      (await service.from('user_roles').insert({ user_id: signUp.data.user!.id, role: 'owner' })).error,
    ).toBeNull();
    owner = client(server, server.anonKey, { accessToken: signUp.data.session!.access_token });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('an image_url must be the public URL of a photo stored in the bucket', async () => {
    const stored = await upload('1700000000000_stored.png');
    for (const image_url of [
      'https://evil.test/tracker.png',
      publicUrl('1700000000000_never-uploaded.png'),
      `${server.url}/storage/v1/object/public/other_bucket/1700000000000_stored.png`,
      `${publicUrl('x')}/../1700000000000_stored.png`,
      `${stored}?download=1`,
      `${stored}#x`,
      `javascript:alert(1)//${stored}`,
    ]) {
      for (const who of [anon, service]) {
        const r = await who.from('community_recipes').insert(recipe('Bad photo', image_url));
        expect(r.error?.code, image_url).toBe('23514');
        expect(r.error?.message).toBe(REFUSED);
      }
    }
    expect((await anon.from('community_recipes').insert(recipe('Good photo', stored))).error).toBeNull();
    // The owner cannot point a recipe at something else either; clearing it is fine.
    const id = await idOf('Good photo');
    const moved = await owner
      .from('community_recipes')
      .update({ image_url: 'https://evil.test/x.png' })
      .eq('id', id)
      .select('id');
    expect(moved.error?.message).toBe(REFUSED);
    expect(
      (await owner.from('community_recipes').update({ image_url: null }).eq('id', id).select('id')).data,
    ).toHaveLength(1);
  });

  it('rejecting a spam recipe that points at another recipe’s photo leaves that photo alone', async () => {
    const photo = await upload('1700000000001_approved.png');
    const name = '1700000000001_approved.png';
    expect((await anon.from('community_recipes').insert(recipe('Approved dish', photo))).error).toBeNull();
    const approvedId = await idOf('Approved dish');
    expect(
      (await owner.from('community_recipes').update({ status: 'approved' }).eq('id', approvedId).select('id')).error,
    ).toBeNull();

    // The spam names the approved recipe's photo, and the chef rejects it as the console does:
    // status first, then the photo.
    expect((await anon.from('community_recipes').insert(recipe('Spam', photo))).error).toBeNull();
    const spamId = await idOf('Spam');
    const rejected = await owner
      .from('community_recipes')
      .update({ status: 'rejected', review_reason: 'Spam' })
      .eq('id', spamId)
      .select('id');
    expect(rejected.data).toHaveLength(1);
    const removed = await owner.storage.from(BUCKET).remove([name]);
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual([]);
    expect((await fetch(photo)).status).toBe(200);

    // Once the spam no longer points at it (the console clears the link), unpublishing the recipe
    // the photo belongs to deletes it.
    expect(
      (await owner.from('community_recipes').update({ image_url: null }).eq('id', spamId).select('id')).data,
    ).toHaveLength(1);
    expect(
      (await owner.from('community_recipes').update({ status: 'unpublished' }).eq('id', approvedId).select('id')).data,
    ).toHaveLength(1);
    const gone = await owner.storage.from(BUCKET).remove([name]);
    expect(gone.data?.map((o) => o.name)).toEqual([name]);
    expect((await fetch(photo)).status).toBe(404);
  });

  it('a photo two withdrawn recipes point at is not deleted, nor one a pending recipe uses', async () => {
    const shared = await upload('1700000000002_shared.png');
    const pendingPhoto = await upload('1700000000003_pending.png');
    for (const title of ['Withdrawn one', 'Withdrawn two']) {
      expect((await anon.from('community_recipes').insert(recipe(title, shared))).error).toBeNull();
      const id = await idOf(title);
      expect(
        (
          await owner
            .from('community_recipes')
            .update({ status: 'rejected', review_reason: 'No' })
            .eq('id', id)
            .select('id')
        ).data,
      ).toHaveLength(1);
    }
    expect((await anon.from('community_recipes').insert(recipe('Still waiting', pendingPhoto))).error).toBeNull();
    const removed = await owner.storage.from(BUCKET).remove(['1700000000002_shared.png', '1700000000003_pending.png']);
    expect(removed.data).toEqual([]);
    expect((await fetch(shared)).status).toBe(200);
    expect((await fetch(pendingPhoto)).status).toBe(200);
  });
});
