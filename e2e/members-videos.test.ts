import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { siteFixture } from './support/fixture.ts';

/**
 * Members-only videos are served only to members: no file of the built site names them (they are
 * rows of members_videos, readable by signed-in members only), and a visitor asking the API gets
 * nothing.
 */
const e2e = siteFixture();

function* filesUnder(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(file);
    else yield file;
  }
}

/** A file's text as a browser would receive it (compressed siblings unpacked). */
function textOf(file: string): string {
  const bytes = fs.readFileSync(file);
  if (file.endsWith('.br')) return zlib.brotliDecompressSync(bytes).toString('latin1');
  if (file.endsWith('.gz')) return zlib.gunzipSync(bytes).toString('latin1');
  return bytes.toString('latin1');
}

const DEMO_VIDEOS = ['bH4sYd9JmT1', 'cF3vQm7LxW2', 'pL8tRk2NwQ5'];

describe('members-only videos', () => {
  it('are named by no file of the built site', async () => {
    const { data, error } = await e2e.site.admin.from('members_videos').select('video_id');
    expect(error).toBeNull();
    const ids = (data ?? []).map((r: { video_id: string }) => r.video_id);
    // The three demo videos a fresh database holds (supabase/migrations: members_videos).
    expect(ids.sort()).toEqual(DEMO_VIDEOS);
    const root = path.resolve(process.env.BUILD_DIR ?? 'build');
    const found: string[] = [];
    let checked = 0;
    for (const file of filesUnder(root)) {
      const text = textOf(file);
      checked++;
      for (const id of ids) if (text.includes(id)) found.push(`${path.relative(root, file)}: ${id}`);
    }
    expect(checked).toBeGreaterThan(50);
    expect(found).toEqual([]);
  });

  it('are not given to a visitor by the API, nor in the /members page', async () => {
    const { data } = await e2e.site.admin.from('members_videos').select('video_id');
    const ids = (data ?? []).map((r: { video_id: string }) => r.video_id);
    expect(ids.sort()).toEqual(DEMO_VIDEOS);
    const api = await fetch(`${e2e.site.url}/rest/v1/members_videos?select=*`, {
      headers: { apikey: e2e.site.anonKey },
    });
    expect(api.status).toBe(401);
    const page = await (await fetch(`${e2e.site.url}/members`)).text();
    for (const id of ids) expect(page).not.toContain(id);
  });
});
