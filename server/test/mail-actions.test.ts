import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { backends, client, startTestServer, type TestServer } from './support/backend.ts';
import { bookingRow, inDays } from '../../test-support/fixtures.ts';

/**
 * The outbox is the service role's (and the owner may read it); the confirm link in the chef's mail
 * is a single-use, expiring token that only a POST from its page redeems (rpc), while reading what
 * it would do changes nothing.
 */
/** Each request on a day of its own: a day holding a confirmed booking takes no other (the calendar). */
let nextDay = 15;
const booking = (name: string) =>
  bookingRow(name, {
    booking_date: inDays(nextDay++),
    booking_time: '18:30',
    guests: 3,
    service_type: 'Menu Consultation',
  });

describe.each(backends)('the outbox and safe links ($name)', (backend) => {
  let server: TestServer;
  let service: SupabaseClient;
  let anon: SupabaseClient;
  let member: SupabaseClient;
  let owner: SupabaseClient;

  async function signUp(email: string) {
    const c = client(server, server.anonKey);
    const { data, error } = await c.auth.signUp({ email, password: 'mail-password-1' });
    if (error || !data.session || !data.user) throw error ?? new Error('no session');
    return { token: data.session.access_token, id: data.user.id };
  }

  /** A new booking request and the token of its confirm link (from the chef's message). */
  async function requestWithToken(name: string) {
    expect((await anon.from('bookings').insert(booking(name))).error).toBeNull();
    const { data, error } = await service.from('outbox').select('subject_id, payload').eq('event', 'booking_received');
    expect(error).toBeNull();
    const row = (data as { subject_id: string; payload: { name: string; confirm_token: string } }[]).find(
      (r) => r.payload.name === name,
    )!;
    expect(row.payload.confirm_token).toMatch(/^[0-9a-f]{64}$/);
    return { id: row.subject_id, token: row.payload.confirm_token };
  }

  const status = async (id: string) =>
    ((await service.from('bookings').select('status').eq('id', id)).data![0] as { status: string }).status;

  beforeAll(async () => {
    server = await startTestServer(backend);
    service = client(server, server.serviceKey);
    anon = client(server, server.anonKey);
    const m = await signUp(`member-${crypto.randomUUID()}@example.com`);
    member = client(server, server.anonKey, { accessToken: m.token });
    const o = await signUp(`owner-${crypto.randomUUID()}@example.com`);
    expect((await service.from('user_roles').insert({ user_id: o.id, role: 'owner' })).error).toBeNull();
    owner = client(server, server.anonKey, { accessToken: o.token });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('only the owner (and the service role) read the outbox; nobody else writes it', async () => {
    await requestWithToken('Outbox Reader');
    const anonRead = await anon.from('outbox').select('id');
    expect(anonRead.error?.code).toBe('42501');
    expect((await member.from('outbox').select('id')).data).toEqual([]);
    const ownerRead = await owner.from('outbox').select('event, recipient');
    expect(ownerRead.error).toBeNull();
    expect(ownerRead.data!.map((r) => r.event).sort()).toEqual(['booking_acknowledged', 'booking_received']);
    for (const c of [anon, member, owner]) {
      const ins = await c
        .from('outbox')
        .insert({ idempotency_key: 'x.1', event: 'contact_received', recipient: 'owner' });
      expect(ins.error?.code).toBe('42501');
      const upd = await c.from('outbox').update({ status: 'sent' }).eq('event', 'booking_received').select('id');
      expect(upd.error?.code ?? (upd.data?.length === 0 ? 'none' : 'updated')).not.toBe('updated');
    }
    // The sender's functions are not reachable through the API.
    const claim = await anon.rpc('outbox_claim', { p_worker: 'x', p_lease_seconds: 1 });
    expect(claim.error?.code).toBe('PGRST202');
  });

  it('reading what a confirm link would do changes nothing; its POST confirms once', async () => {
    const { id, token } = await requestWithToken('Link Follower');
    for (let i = 0; i < 3; i++) {
      const d = await anon.rpc('describe_mail_action', { token });
      expect(d.error).toBeNull();
      expect(d.data).toMatchObject({
        state: 'ready',
        action: 'confirm_booking',
        booking: { id, name: 'Link Follower', guests: 3, status: 'new' },
      });
    }
    expect(await status(id)).toBe('new');

    const redeemed = await anon.rpc('redeem_mail_action', { token });
    expect(redeemed.error).toBeNull();
    expect(redeemed.data).toEqual({ done: true, status: 'confirmed' });
    expect(await status(id)).toBe('confirmed');
    // The confirmation and its invitation are in the outbox, in the same transaction.
    const { data } = await service
      .from('outbox')
      .select('event, payload')
      .eq('subject_id', id)
      .eq('event', 'booking_confirmed');
    expect(data).toHaveLength(1);

    // The history says the e-mail's link confirmed it (no signed-in user made the change).
    const history = await owner
      .from('booking_status_changes')
      .select('from_status, to_status, changed_by, via')
      .eq('booking_id', id)
      .order('changed_at');
    expect(history.error).toBeNull();
    expect(history.data).toEqual([
      { from_status: null, to_status: 'new', changed_by: null, via: null },
      { from_status: 'new', to_status: 'confirmed', changed_by: null, via: 'email_link' },
    ]);

    const again = await anon.rpc('redeem_mail_action', { token });
    expect(again.error?.message).toBe('This link was already used.');
    expect((await anon.rpc('describe_mail_action', { token })).data).toMatchObject({ state: 'used' });
  });

  it('the owner working a booking from the console writes the visitor’s messages too', async () => {
    const { id } = await requestWithToken('Console Worked');
    const contacted = await owner.from('bookings').update({ status: 'contacted' }).eq('id', id).select('status');
    expect(contacted.error).toBeNull();
    expect(contacted.data).toEqual([{ status: 'contacted' }]);
    expect((await owner.from('bookings').update({ status: 'confirmed' }).eq('id', id)).error).toBeNull();
    const { data } = await owner.from('outbox').select('event').eq('subject_id', id).eq('event', 'booking_confirmed');
    expect(data).toHaveLength(1);
    // Changes from the console carry no e-mail marker (the rpc's setting does not outlive its transaction).
    const history = await owner
      .from('booking_status_changes')
      .select('to_status, via')
      .eq('booking_id', id)
      .order('changed_at');
    expect(history.data).toEqual([
      { to_status: 'new', via: null },
      { to_status: 'contacted', via: null },
      { to_status: 'confirmed', via: null },
    ]);
  });

  it('a wrong, malformed or expired token does nothing, with a clear message', async () => {
    const { id, token } = await requestWithToken('Late Clicker');
    const wrong = await anon.rpc('redeem_mail_action', { token: 'a'.repeat(64) });
    expect(wrong.error).toMatchObject({ message: 'This link is not valid.' });
    const malformed = await anon.rpc('redeem_mail_action', { token: "x' or 1=1 --" });
    expect(malformed.error).toMatchObject({ message: 'This link is not valid.' });
    expect((await anon.rpc('describe_mail_action', { token: 'b'.repeat(64) })).data).toEqual({ state: 'unknown' });

    await server.db.tx(null, (sql) =>
      sql(`update private.mail_action_tokens set expires_at = now() - interval '1 minute'`),
    );
    expect((await anon.rpc('describe_mail_action', { token })).data).toMatchObject({ state: 'expired' });
    const expired = await anon.rpc('redeem_mail_action', { token });
    expect(expired.error?.message).toMatch(/^This link has expired/);
    expect(await status(id)).toBe('new');
  });

  it('a request the chef already declined cannot be confirmed from the mail, and the try spends the link', async () => {
    const { id, token } = await requestWithToken('Declined Guest');
    expect(
      (await service.from('bookings').update({ status: 'declined', status_reason: 'Away' }).eq('id', id)).error,
    ).toBeNull();
    const r = await anon.rpc('redeem_mail_action', { token });
    expect(r.error).toBeNull();
    expect(r.data).toEqual({
      done: false,
      status: 'declined',
      message: 'This booking is declined and cannot be confirmed from the e-mail. Open it in the console.',
    });
    expect(await status(id)).toBe('declined');
    expect(((await anon.rpc('describe_mail_action', { token })).data as { state: string }).state).toBe('used');

    // The chef takes the request up again: the old link does not confirm it.
    expect((await service.from('bookings').update({ status: 'contacted' }).eq('id', id)).error).toBeNull();
    const again = await anon.rpc('redeem_mail_action', { token });
    expect(again.error?.message).toBe('This link was already used.');
    expect(await status(id)).toBe('contacted');
  });

  it('the form stores no author e-mail in the recipe row, and checks its format', async () => {
    const bad = await anon
      .from('community_recipes')
      .insert({ title: 'T', ingredients: 'a', instructions: 'b', status: 'pending', author_email: 'not an address' });
    expect(bad.error?.code).toBe('23514');
  });
});
