import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { pricingDefaults } from '../../content/pricing-defaults.ts';
import { backends, client, startTestServer, type TestServer } from './support/backend.ts';

/**
 * The chef's own site in the database (supabase/migrations/*_site_content.sql): drafts only the owner
 * reads and writes, a stale version refused with the other version in the answer, one publication for
 * all drafts (and the quote settings and add-on amounts the database uses follow it), rollback as a new
 * publication that also resets the drafts, preview tokens that expire, hostile documents refused or
 * kept inert.
 */

interface Conflict {
  key: string;
  version: number;
  draft: unknown;
  updated_at: string;
  updated_by: string;
}

describe.each(backends)('site drafts and publications ($name)', (backend) => {
  let server: TestServer;
  let service: SupabaseClient;
  let anon: SupabaseClient;
  let member: SupabaseClient;
  let owner: SupabaseClient;
  let ownerEmail = '';
  let ownerToken = '';

  async function signUp(email: string) {
    const c = client(server, server.anonKey);
    const { data, error } = await c.auth.signUp({ email, password: 'site-password-1' });
    if (error || !data.session || !data.user) throw error ?? new Error('no session');
    return { token: data.session.access_token, id: data.user.id };
  }

  async function version(key: string): Promise<number> {
    const r = await service.from('site_documents').select('version').eq('key', key);
    expect(r.error).toBeNull();
    return (r.data as { version: number }[])[0]?.version ?? 0;
  }

  async function save(key: string, draft: unknown, as: SupabaseClient = owner) {
    return as.rpc('save_site_draft', { p_key: key, p_draft: draft, p_version: await version(key) });
  }

  const pricing = (wineCents: number, chefCents: number) => ({
    packages: [{ name: 'Private Chef', priceCents: chefCents, per: 'per person' }],
    addOns: [
      { title: 'Wine Pairing', description: 'Wine', amount: { cents: wineCents, unit: 'per_person' } },
      { title: 'Live Music', description: 'Music' },
      { title: 'Mixologist', description: 'Drinks', amount: { cents: 5000, unit: 'per_hour' } },
    ],
  });

  beforeAll(async () => {
    server = await startTestServer(backend);
    service = client(server, server.serviceKey);
    anon = client(server, server.anonKey);
    const m = await signUp(`member-${crypto.randomUUID()}@example.com`);
    member = client(server, server.anonKey, { accessToken: m.token });
    ownerEmail = `owner-${crypto.randomUUID()}@example.com`;
    const o = await signUp(ownerEmail);
    expect((await service.from('user_roles').insert({ user_id: o.id, role: 'owner' })).error).toBeNull();
    ownerToken = o.token;
    owner = client(server, server.anonKey, { accessToken: o.token });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('starts with nothing published and the add-on amounts of content/pricing-defaults.ts', async () => {
    expect(await anon.rpc('published_site')).toMatchObject({ error: null, data: null });
    const addOns = await owner.from('quote_add_ons').select('title, unit, cents').order('position');
    expect(addOns.data).toEqual(
      pricingDefaults.addOns
        .filter((a) => a.amount)
        .map((a) => ({ title: a.title, unit: a.amount!.unit, cents: a.amount!.cents })),
    );
  });

  it('anon and a member can neither read drafts nor write, publish, roll back or make a preview', async () => {
    expect((await save('brand', { name: 'Chef', phone: '+1 555 0100', email: 'chef@example.com' })).error).toBeNull();
    for (const [who, c] of [
      ['anon', anon],
      ['member', member],
    ] as const) {
      const status = who === 'anon' ? 401 : 403;
      expect((await c.from('site_documents').select('*')).data ?? []).toEqual([]);
      expect((await c.from('site_publications').select('*')).data ?? []).toEqual([]);
      expect((await c.from('quote_add_ons').select('*')).data ?? []).toEqual([]);
      const w = await c.rpc('save_site_draft', {
        p_key: 'brand',
        p_draft: { name: 'Hacked', phone: '1', email: 'a@b.c' },
        p_version: await version('brand'),
      });
      expect([w.status, w.error?.code]).toEqual([status, '42501']);
      expect((await c.rpc('publish_site')).status).toBe(status);
      expect((await c.rpc('rollback_site', { p_publication: 1 })).status).toBe(status);
      expect((await c.rpc('create_site_preview')).status).toBe(status);
      const direct = await c
        .from('site_documents')
        .update({ draft: { name: 'Hacked' } })
        .eq('key', 'brand');
      expect(direct.error).not.toBeNull();
      const insert = await c.from('site_publications').insert({ changes: [], content: { brand: { name: 'Hacked' } } });
      expect(insert.error).not.toBeNull();
    }
    const brand = await service.from('site_documents').select('draft').eq('key', 'brand').single();
    expect(brand.data).toEqual({ draft: { name: 'Chef', phone: '+1 555 0100', email: 'chef@example.com' } });
    expect(await anon.rpc('published_site')).toMatchObject({ error: null, data: null });
  });

  it('refuses a stale version with the other saved version, who and when; nothing is overwritten', async () => {
    const first = await owner.rpc('save_site_draft', {
      p_key: 'pages',
      p_draft: { heroTitle: 'First tab' },
      p_version: 0,
    });
    expect(first.error).toBeNull();
    const v1 = (first.data as { version: number }).version;
    const second = await owner.rpc('save_site_draft', {
      p_key: 'pages',
      p_draft: { heroTitle: 'Second tab' },
      p_version: v1,
    });
    expect(second.error).toBeNull();
    const v2 = (second.data as { version: number }).version;
    expect(v2).toBeGreaterThan(v1);
    // The first tab still holds v1.
    const stale = await owner.rpc('save_site_draft', {
      p_key: 'pages',
      p_draft: { heroTitle: 'First tab again' },
      p_version: v1,
    });
    expect(stale.status).toBe(409);
    expect(stale.error?.code).toBe('PT409');
    expect(stale.error?.message).toBe('This was changed elsewhere since you opened it. Nothing was saved.');
    const other = JSON.parse(stale.error!.details) as Conflict;
    expect(other).toMatchObject({
      key: 'pages',
      version: v2,
      draft: { heroTitle: 'Second tab' },
      updated_by: ownerEmail,
    });
    expect(Date.parse(other.updated_at)).toBeGreaterThan(Date.now() - 60_000);
    // A new document with a version that was never read is refused too.
    const unseen = await owner.rpc('save_site_draft', { p_key: 'gallery', p_draft: [], p_version: 5 });
    expect([unseen.status, JSON.parse(unseen.error!.details).version]).toEqual([409, 0]);
    const kept = await service.from('site_documents').select('draft, version').eq('key', 'pages').single();
    expect(kept.data).toEqual({ draft: { heroTitle: 'Second tab' }, version: v2 });
  });

  it('refuses documents the database must not keep, and keeps hostile text as inert data', async () => {
    const refused: [string, unknown, RegExp][] = [
      ['pricing', pricing(-1, 15000), /whole cents/],
      ['pricing', pricing(30.5, 15000), /whole cents/],
      ['pricing', { packages: [{ priceCents: '100' }] }, /whole cents/],
      ['pricing', { deep: { deeper: [{ amountCents: 100_000_001 }] } }, /whole cents/],
      ['brand', { name: '  ', phone: '+1 555 0100', email: 'chef@example.com' }, /needs a name/],
      ['brand', { name: 'Chef', phone: 'none', email: 'chef@example.com' }, /phone/],
      ['brand', { name: 'Chef', phone: '555', email: 'not an address' }, /e-mail/],
      ['quotes', { currency: 'usd', terms: 'Terms' }, /currency/],
      ['quotes', { currency: 'USD', terms: '' }, /terms/],
      ['pages', [1, 2, 3], /JSON object/],
      ['recipes', { id: 1 }, /JSON list/],
      ['recipes', [1], /Every item/],
      ['recipes', [{ id: 1, title: ' ' }], /title and a whole-number id/],
      ['recipes', [{ id: '1', title: 'Soup' }], /title and a whole-number id/],
      ['recipes', [{ id: 1.5, title: 'Soup' }], /title and a whole-number id/],
      [
        'recipes',
        [
          { id: 7, title: 'Soup' },
          { id: 7, title: 'Stew' },
        ],
        /same id/,
      ],
      ['gallery', [{ id: 'g1', image: 'hero' }], /alt text/],
      ['pages', 'text', /JSON object/],
      ['pages', { big: 'x'.repeat(1_000_001) }, /at most 1 MB/],
      ["pages'; drop table public.site_documents; --", { a: 1 }, /not a document/],
    ];
    for (const [key, draft, message] of refused) {
      const r = await owner.rpc('save_site_draft', { p_key: key, p_draft: draft, p_version: await version(key) });
      expect(r.status, JSON.stringify(draft).slice(0, 80)).toBe(400);
      expect(r.error?.message).toMatch(message);
    }
    // Nested past the parser's stack (sent as text: supabase-js cannot serialise it): a 4xx, never a 500.
    const deep = `${'['.repeat(100_000)}1${']'.repeat(100_000)}`;
    const tooDeep = await fetch(`${server.url}/rest/v1/rpc/save_site_draft`, {
      method: 'POST',
      headers: { apikey: server.anonKey, Authorization: `Bearer ${ownerToken}`, 'Content-Type': 'application/json' },
      body: `{"p_key":"pages","p_version":${await version('pages')},"p_draft":{"deep":${deep}}}`,
    });
    expect(tooDeep.status).toBeGreaterThanOrEqual(400);
    expect(tooDeep.status).toBeLessThan(500);

    const hostile = {
      heroTitle: '<script>alert(1)</script>',
      intro: "'; delete from public.site_publications; -- \u202e\u{1F525} %s %n ${x} {{7*7}}",
      link: 'javascript:alert(1)',
    };
    const ok = await owner.rpc('save_site_draft', {
      p_key: 'pages',
      p_draft: hostile,
      p_version: await version('pages'),
    });
    expect(ok.error).toBeNull();
    const back = await owner.from('site_documents').select('draft').eq('key', 'pages').single();
    expect(back.data).toEqual({ draft: hostile });
    expect((await service.from('site_documents').select('key')).data?.length).toBeGreaterThan(0);
  });

  it('publishes every draft at once, with who, when and what changed; quotes written afterwards use the new amounts', async () => {
    expect((await save('pages', { heroTitle: 'Welcome', intro: 'Hello' })).error).toBeNull();
    expect((await save('pricing', pricing(4200, 16000))).error).toBeNull();
    expect(
      (
        await save('quotes', {
          currency: 'USD',
          taxRateBp: 825,
          depositPercent: 40,
          quoteValidDays: 21,
          terms: 'New terms.',
        })
      ).error,
    ).toBeNull();
    const drafts = (await owner.from('site_documents').select('key, draft')).data as { key: string; draft: unknown }[];

    const pub = await owner.rpc('publish_site');
    expect(pub.error).toBeNull();
    const id = pub.data as number;
    const live = await anon.rpc('published_site');
    expect(live.data).toEqual(Object.fromEntries(drafts.map((d) => [d.key, d.draft])));

    const row = await owner
      .from('site_publications')
      .select('id, published_by_email, changes, content, restored_from')
      .eq('id', id)
      .single();
    expect(row.data).toMatchObject({ id, published_by_email: ownerEmail, restored_from: null });
    expect((row.data as { changes: { key: string }[] }).changes.map((c) => c.key)).toEqual(
      ['brand', 'gallery', 'pages', 'pricing', 'quotes'].filter((k) => drafts.some((d) => d.key === k)),
    );
    const docs = (await service.from('site_documents').select('key, draft, published')).data as {
      draft: unknown;
      published: unknown;
    }[];
    for (const d of docs) expect(d.published).toEqual(d.draft);

    const settings = await owner
      .from('quote_settings')
      .select('currency, tax_rate_bp, deposit_percent, quote_valid_days, terms')
      .single();
    expect(settings.data).toEqual({
      currency: 'USD',
      tax_rate_bp: 825,
      deposit_percent: 40,
      quote_valid_days: 21,
      terms: 'New terms.',
    });
    const addOns = await owner.from('quote_add_ons').select('title, unit, cents').order('position');
    expect(addOns.data).toEqual([
      { title: 'Wine Pairing', unit: 'per_person', cents: 4200 },
      { title: 'Mixologist', unit: 'per_hour', cents: 5000 },
    ]);

    const again = await owner.rpc('publish_site');
    expect([again.status, again.error?.message]).toEqual([400, 'Nothing to publish: every draft is already live.']);

    // Only changed fields are listed the next time.
    expect((await save('pages', { heroTitle: 'Welcome back', intro: 'Hello' })).error).toBeNull();
    const next = await owner.rpc('publish_site');
    const changes = await owner
      .from('site_publications')
      .select('changes')
      .eq('id', next.data as number)
      .single();
    expect(changes.data).toEqual({ changes: [{ key: 'pages', fields: ['heroTitle'] }] });
  });

  it('rolls back to an earlier publication as a new one; pending drafts are replaced, kept in the publication, never published by surprise', async () => {
    expect((await save('pricing', pricing(3000, 15000))).error).toBeNull();
    const before = (await owner.rpc('publish_site')).data as number;
    const beforeContent = (await anon.rpc('published_site')).data as Record<string, unknown>;
    expect((await save('pricing', pricing(9900, 19900))).error).toBeNull();
    expect((await owner.rpc('publish_site')).error).toBeNull();
    expect((await owner.from('quote_add_ons').select('cents').eq('title', 'Wine Pairing').single()).data).toEqual({
      cents: 9900,
    });
    // An edit pending when the chef rolls back.
    expect((await save('pages', { heroTitle: 'Unpublished idea', intro: 'Hello' })).error).toBeNull();
    const pendingVersion = await version('pages');

    const r = await owner.rpc('rollback_site', { p_publication: before });
    expect(r.error).toBeNull();
    const id = r.data as number;
    expect((await anon.rpc('published_site')).data).toEqual(beforeContent);
    const row = await owner
      .from('site_publications')
      .select('restored_from, replaced_drafts, changes')
      .eq('id', id)
      .single();
    expect(row.data).toMatchObject({
      restored_from: before,
      replaced_drafts: { pages: { heroTitle: 'Unpublished idea', intro: 'Hello' } },
    });
    expect((await owner.from('quote_add_ons').select('cents').eq('title', 'Wine Pairing').single()).data).toEqual({
      cents: 3000,
    });
    const pages = await owner.from('site_documents').select('draft, published, version').eq('key', 'pages').single();
    expect(pages.data).toMatchObject({ draft: beforeContent.pages, published: beforeContent.pages });
    expect((pages.data as { version: number }).version).toBeGreaterThan(pendingVersion);
    // A tab that still shows the pending draft cannot save over the rollback.
    const stale = await owner.rpc('save_site_draft', {
      p_key: 'pages',
      p_draft: { heroTitle: 'x' },
      p_version: pendingVersion,
    });
    expect(stale.status).toBe(409);
    // Nothing left to publish: the drafts are what is live.
    expect((await owner.rpc('publish_site')).status).toBe(400);
    const missing = await owner.rpc('rollback_site', { p_publication: 987654 });
    expect([missing.status, missing.error?.message]).toEqual([400, 'This publication does not exist.']);
  });

  it('a preview token shows the drafts over what is live, to anyone holding it, until it expires', async () => {
    expect((await save('pages', { heroTitle: 'Preview me', intro: 'Hello' })).error).toBeNull();
    const made = await owner.rpc('create_site_preview');
    expect(made.error).toBeNull();
    const { token, expires_at } = made.data as { token: string; expires_at: string };
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(Date.parse(expires_at) - Date.now()).toBeGreaterThan(23 * 3600_000);
    const seen = await anon.rpc('site_preview', { p_token: token });
    expect(seen.error).toBeNull();
    expect((seen.data as { pages: unknown }).pages).toEqual({ heroTitle: 'Preview me', intro: 'Hello' });
    expect(((await anon.rpc('published_site')).data as { pages: { heroTitle: string } }).pages.heroTitle).not.toBe(
      'Preview me',
    );

    // Only the hash is stored.
    const stored = await server.db.tx(null, (sql) =>
      sql<{ n: number }>(
        `select count(*)::int as n from private.site_previews where token_hash = sha256(convert_to($1, 'UTF8'))`,
        [token],
      ),
    );
    expect(stored.rows[0]!.n).toBe(1);
    const plain = await server.db.tx(null, (sql) =>
      sql<{ n: number }>(`select count(*)::int as n from private.site_previews where encode(token_hash, 'hex') = $1`, [
        token,
      ]),
    );
    expect(plain.rows[0]!.n).toBe(0);

    for (const bad of [
      '',
      'x',
      token.toUpperCase(),
      `${token}'--`,
      token.slice(0, 63) + (token.endsWith('0') ? '1' : '0'),
    ]) {
      const r = await anon.rpc('site_preview', { p_token: bad });
      expect([r.status, r.error?.message]).toEqual([400, 'This preview link is not valid or has expired.']);
    }
    await server.db.tx(null, (sql) =>
      sql(
        `update private.site_previews set expires_at = now() - interval '1 second' where token_hash = sha256(convert_to($1, 'UTF8'))`,
        [token],
      ),
    );
    const expired = await anon.rpc('site_preview', { p_token: token });
    expect([expired.status, expired.error?.message]).toEqual([400, 'This preview link is not valid or has expired.']);
  });

  it('notifies site_published with the publication id', async () => {
    const heard: string[] = [];
    const listener = await server.db.listen('site_published', { onNotify: (p) => heard.push(p), onLost: () => {} });
    try {
      await expect.poll(() => listener.live, { timeout: 10_000 }).toBe(true);
      expect((await save('pages', { heroTitle: `Notify ${crypto.randomUUID()}`, intro: 'Hello' })).error).toBeNull();
      const id = (await owner.rpc('publish_site')).data as number;
      await listener.sync();
      // The listener's own probes share the channel; the publications are the numbers.
      expect(heard.filter((p) => /^\d+$/.test(p))).toEqual([String(id)]);
    } finally {
      await listener.close();
    }
  });
});
