import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { quoteDefaults } from '../../content/quotes.ts';
import { backends, client, startTestServer, type TestServer } from './support/backend.ts';
import { inDays } from '../../test-support/fixtures.ts';

/**
 * Quotes, the client's link and payments (supabase/migrations/*_quotes_and_payments.sql): the
 * amounts the database computes always add up; a sent quote is locked and a change is a new version
 * whose predecessor's link says it was replaced; a quote is accepted once, and only while open; a
 * refused confirmation accepts nothing and tells the chef; payments give receipts, balances,
 * lateness and one reminder each.
 */

interface QuoteRow {
  id: string;
  status: string;
  version: number;
  base_cents: number;
  lines_cents: number;
  subtotal_cents: number;
  discount_applied_cents: number;
  tax_cents: number;
  total_cents: number;
  deposit_cents: number;
  balance_cents: number;
  deposit_due_on: string | null;
  balance_due_on: string | null;
  expires_on: string | null;
  replaced_by: string | null;
}

describe.each(backends)('quotes and payments ($name)', (backend) => {
  let server: TestServer;
  let service: SupabaseClient;
  let anon: SupabaseClient;
  let member: SupabaseClient;
  let owner: SupabaseClient;
  let ownerId = '';

  async function signUp(email: string) {
    const c = client(server, server.anonKey);
    const { data, error } = await c.auth.signUp({ email, password: 'quote-password-1' });
    if (error || !data.session || !data.user) throw error ?? new Error('no session');
    return { token: data.session.access_token, id: data.user.id };
  }

  /** Each booking on its own day: the calendar allows one confirmed event a day. */
  let nextDay = 40;
  async function newBooking(name: string, extra: Record<string, unknown> = {}) {
    const day = nextDay++;
    const r = await service
      .from('bookings')
      .insert({
        name,
        email: `${name.toLowerCase().replace(/\W+/g, '.')}@client.test`,
        phone: '+1 555 0100',
        booking_date: inDays(day),
        booking_time: '19:00',
        guests: 8,
        service_type: 'Private Chef Service',
        location: 'Atlanta',
        ...extra,
      })
      .select('id')
      .single();
    expect(r.error).toBeNull();
    return (r.data as { id: string }).id;
  }

  async function draft(bookingId: string, fields: Record<string, unknown> = {}) {
    const r = await owner
      .from('quotes')
      .insert({
        booking_id: bookingId,
        pricing: 'per_guest',
        price_cents: 15000,
        menu: [{ course: 'Main', dish: 'Short rib' }],
        ...fields,
      })
      .select('*')
      .single();
    expect(r.error).toBeNull();
    return r.data as QuoteRow;
  }

  /** The business's day (the calendar's time zone, not the test machine's) plus n days. */
  const businessDay = async (n: number) =>
    (
      await server.db.tx(null, (sql) =>
        sql<{ d: string }>(`select (private.business_today() + $1::int)::text as d`, [n]),
      )
    ).rows[0]!.d;

  /** The balance's default due day: a week before the booking's day. */
  const weekBefore = async (bookingId: string) => {
    const { data } = await service.from('bookings').select('booking_date').eq('id', bookingId).single();
    return new Date(Date.parse(`${(data as { booking_date: string }).booking_date}T00:00:00Z`) - 7 * 86_400_000)
      .toISOString()
      .slice(0, 10);
  };
  const quote = async (id: string) => (await service.from('quotes').select('*').eq('id', id).single()).data as QuoteRow;
  const bookingStatus = async (id: string) =>
    ((await service.from('bookings').select('status').eq('id', id).single()).data as { status: string }).status;

  /** Sends a draft and returns the client's token from the outbox message. */
  async function send(quoteId: string) {
    const r = await owner.from('quotes').update({ status: 'sent' }).eq('id', quoteId).select('status');
    expect(r.error).toBeNull();
    expect(r.data).toEqual([{ status: 'sent' }]);
    const m = await service
      .from('outbox')
      .select('recipient, payload')
      .eq('event', 'quote_sent')
      .eq('subject_id', quoteId)
      .single();
    expect(m.error).toBeNull();
    const token = (m.data as { payload: { quote_token: string } }).payload.quote_token;
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    return token;
  }

  beforeAll(async () => {
    server = await startTestServer(backend);
    service = client(server, server.serviceKey);
    anon = client(server, server.anonKey);
    const m = await signUp(`member-${crypto.randomUUID()}@example.com`);
    member = client(server, server.anonKey, { accessToken: m.token });
    const o = await signUp(`owner-${crypto.randomUUID()}@example.com`);
    ownerId = o.id;
    expect((await service.from('user_roles').insert({ user_id: o.id, role: 'owner' })).error).toBeNull();
    owner = client(server, server.anonKey, { accessToken: o.token });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('the settings the database starts with are those of content/quotes.ts', async () => {
    const r = await owner.from('quote_settings').select('*').single();
    expect(r.error).toBeNull();
    const s = r.data as Record<string, unknown>;
    expect({
      currency: s.currency,
      taxRateBp: s.tax_rate_bp,
      depositPercent: s.deposit_percent,
      depositDueDays: s.deposit_due_days,
      balanceDueDaysBefore: s.balance_due_days_before,
      balanceReminderDays: s.balance_reminder_days,
      quoteValidDays: s.quote_valid_days,
      terms: s.terms,
    }).toEqual(quoteDefaults);
    expect((await anon.from('quote_settings').select('*')).error?.code).toBe('42501');
    expect((await member.from('quote_settings').select('*')).data).toEqual([]);
    const bad = await owner.from('quote_settings').update({ deposit_percent: 120 }).eq('id', true);
    expect(bad.error?.code).toBe('23514');
  });

  it('a new quote is a draft with the settings and the booking’s guests; its amounts come from the database only', async () => {
    const bookingId = await newBooking('Draft Client');
    const q = await draft(bookingId, { price_cents: 12500 });
    expect(q).toMatchObject({
      status: 'draft',
      version: 1,
      base_cents: 100000,
      total_cents: 100000,
      deposit_cents: 30000,
      balance_cents: 70000,
    });
    expect(q.balance_due_on).toBe(await weekBefore(bookingId));
    // A total written by the client of the API is not a column anyone may write.
    const forged = await owner.from('quotes').update({ total_cents: 1 }).eq('id', q.id);
    expect(forged.error?.code).toBe('42501');
    expect((await quote(q.id)).total_cents).toBe(100000);
  });

  it('totals always add up in cents (property test over prices, lines, travel, discount, tax and deposit)', async () => {
    const bookingId = await newBooking('Property Client', { guests: 100 });
    const line = fc.record({
      unit: fc.constantFrom('per_person', 'per_hour', 'fixed'),
      unit_cents: fc.integer({ min: 0, max: 500_000 }),
      quantity: fc.integer({ min: 0, max: 200 }),
    });
    const arb = fc.record({
      pricing: fc.constantFrom('per_guest', 'fixed'),
      price_cents: fc.integer({ min: 0, max: 2_000_000 }),
      guests: fc.integer({ min: 1, max: 1000 }),
      travel_fee_cents: fc.integer({ min: 0, max: 100_000 }),
      discount_cents: fc.integer({ min: 0, max: 3_000_000 }),
      deposit_percent: fc.integer({ min: 0, max: 100 }),
      tax_rate_bp: fc.integer({ min: 0, max: 5000 }),
      lines: fc.array(line, { maxLength: 4 }),
    });
    await fc.assert(
      fc.asyncProperty(arb, async (x) => {
        expect(
          (await service.from('quote_settings').update({ tax_rate_bp: x.tax_rate_bp }).eq('id', true)).error,
        ).toBeNull();
        const { lines, tax_rate_bp, ...fields } = x;
        const q = await draft(bookingId, fields);
        if (lines.length) {
          const l = await owner
            .from('quote_lines')
            .insert(lines.map((ln, i) => ({ ...ln, quote_id: q.id, position: i, description: `Line ${i}` })));
          expect(l.error).toBeNull();
        }
        const r = await quote(q.id);
        const n = (v: number) => BigInt(v);
        const base = x.pricing === 'per_guest' ? n(x.price_cents) * n(x.guests) : n(x.price_cents);
        const linesSum = lines.reduce((s, ln) => s + n(ln.unit_cents) * n(ln.quantity), 0n);
        const subtotal = base + linesSum + n(x.travel_fee_cents);
        const discount = n(x.discount_cents) < subtotal ? n(x.discount_cents) : subtotal;
        const taxable = subtotal - discount;
        // Each part is a whole number of cents, and the parts add up to the total.
        expect(n(r.base_cents)).toBe(base);
        expect(n(r.lines_cents)).toBe(linesSum);
        expect(n(r.subtotal_cents)).toBe(subtotal);
        expect(n(r.discount_applied_cents)).toBe(discount);
        expect(n(r.total_cents)).toBe(taxable + n(r.tax_cents));
        expect(n(r.deposit_cents) + n(r.balance_cents)).toBe(n(r.total_cents));
        // Tax and deposit are the exact amounts rounded half up: within half a cent.
        const taxExact2 = taxable * n(tax_rate_bp) * 2n; // twice the exact tax, in 1/10000 cents
        expect(n(r.tax_cents) * 20000n - taxExact2 <= 10000n && taxExact2 - n(r.tax_cents) * 20000n < 10000n).toBe(
          true,
        );
        const depExact2 = n(r.total_cents) * n(x.deposit_percent) * 2n;
        expect(n(r.deposit_cents) * 200n - depExact2 <= 100n && depExact2 - n(r.deposit_cents) * 200n < 100n).toBe(
          true,
        );
        expect(r.balance_cents).toBeGreaterThanOrEqual(0);
        expect(r.tax_cents).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 25 },
    );
    expect((await service.from('quote_settings').update({ tax_rate_bp: 0 }).eq('id', true)).error).toBeNull();
  }, 120_000);

  it('sending locks the quote, moves the booking to quoted and mails the client a link that acts only by POST', async () => {
    const bookingId = await newBooking('Locked Client');
    const q = await draft(bookingId);
    expect(
      (
        await owner
          .from('quote_lines')
          .insert({ quote_id: q.id, description: 'Wine pairing', unit: 'per_person', unit_cents: 3000, quantity: 8 })
      ).error,
    ).toBeNull();
    const token = await send(q.id);
    const sent = await quote(q.id);
    expect(sent).toMatchObject({ status: 'sent', total_cents: 144000, deposit_cents: 43200, balance_cents: 100800 });
    expect(sent.expires_on).toBe(await businessDay(14));
    expect(sent.deposit_due_on).toBe(await businessDay(7));
    expect(await bookingStatus(bookingId)).toBe('quoted');
    const history = await owner
      .from('booking_status_changes')
      .select('from_status, to_status, changed_by')
      .eq('booking_id', bookingId)
      .order('changed_at');
    expect(history.data).toEqual([
      { from_status: null, to_status: 'new', changed_by: null },
      { from_status: 'new', to_status: 'quoted', changed_by: ownerId },
    ]);
    const mail = await service
      .from('outbox')
      .select('recipient')
      .eq('event', 'quote_sent')
      .eq('subject_id', q.id)
      .single();
    expect(mail.data).toEqual({ recipient: 'locked.client@client.test' });

    // Locked: neither the quote nor its lines change.
    const edit = await owner.from('quotes').update({ price_cents: 1 }).eq('id', q.id);
    expect(edit.error?.message).toBe('This quote was sent and can no longer be changed. Make a new version instead.');
    const addLine = await owner
      .from('quote_lines')
      .insert({ quote_id: q.id, description: 'Extra', unit: 'fixed', unit_cents: 100 });
    expect(addLine.error?.message).toBe(
      'This quote was sent and can no longer be changed. Make a new version instead.',
    );
    const delLine = await owner.from('quote_lines').delete().eq('quote_id', q.id);
    expect(delLine.error?.message).toBe(
      'This quote was sent and can no longer be changed. Make a new version instead.',
    );
    expect((await owner.from('quotes').delete().eq('id', q.id)).error?.message).toBe(
      'Only a draft quote can be deleted; withdraw a sent one.',
    );
    // Nobody but the database marks a quote accepted.
    expect((await owner.from('quotes').update({ status: 'accepted' }).eq('id', q.id)).error?.message).toBe(
      'A quote cannot go from sent to accepted',
    );

    // Reading the link changes nothing and shows no contact details.
    for (let i = 0; i < 2; i++) {
      const d = await anon.rpc('describe_quote', { token });
      expect(d.error).toBeNull();
      expect(d.data).toMatchObject({
        state: 'open',
        quote: { version: 1, total_cents: 144000, lines: [{ description: 'Wine pairing', amount_cents: 24000 }] },
        booking: { name: 'Locked Client' },
      });
      expect(JSON.stringify(d.data)).not.toContain('client.test');
      expect(JSON.stringify(d.data)).not.toContain('555');
    }
    expect((await quote(q.id)).status).toBe('sent');

    // A change is a new version; the old link says it was replaced and accepts nothing.
    const revised = await owner.rpc('revise_quote', { quote_id: q.id });
    expect(revised.error).toBeNull();
    const v2 = await quote(revised.data as string);
    expect(v2).toMatchObject({ status: 'draft', version: 2, total_cents: 144000 });
    expect(await quote(q.id)).toMatchObject({ status: 'replaced', replaced_by: v2.id });
    expect((await anon.rpc('describe_quote', { token })).data).toMatchObject({ state: 'replaced' });
    const old = await anon.rpc('accept_quote', {
      token,
      full_name: 'Locked Client',
      dietary: 'none',
      accept_terms: true,
    });
    expect(old.error?.message).toBe(
      'This quote was replaced by a newer version. Please use the link in the latest e-mail.',
    );
    expect((await owner.from('quote_lines').update({ quantity: 10 }).eq('quote_id', v2.id)).error).toBeNull();
    expect((await quote(v2.id)).total_cents).toBe(150000);
    const token2 = await send(v2.id);
    expect(token2).not.toBe(token);
    expect(await bookingStatus(bookingId)).toBe('quoted');
    // Who may revise: the owner only.
    expect((await anon.rpc('revise_quote', { quote_id: v2.id })).error).not.toBeNull();
    expect((await member.rpc('revise_quote', { quote_id: v2.id })).error?.message).toBe(
      'Only the owner can revise a quote.',
    );
  });

  it('a quote is accepted once: two tabs at the same moment get one acceptance, the other a clear answer', async () => {
    const bookingId = await newBooking('Twice Client');
    const q = await draft(bookingId, { price_cents: 10000 });
    const token = await send(q.id);
    const args = { token, full_name: 'Twice Client', dietary: 'Peanut allergy (one guest)', accept_terms: true };
    const tab1 = client(server, server.anonKey);
    const tab2 = client(server, server.anonKey);
    const [a, b] = await Promise.all([tab1.rpc('accept_quote', args), tab2.rpc('accept_quote', args)]);
    const results = [a, b];
    const ok = results.filter((r) => r.error === null);
    const refused = results.filter((r) => r.error !== null);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.data).toEqual({
      accepted: true,
      currency: 'USD',
      total_cents: 80000,
      deposit_cents: 24000,
      deposit_due_on: await businessDay(7),
      balance_cents: 56000,
      balance_due_on: await weekBefore(bookingId),
    });
    expect(refused.map((r) => r.error!.message)).toEqual(['This quote was already accepted.']);
    const accepted = (
      await service.from('quotes').select('status, accepted_name, accepted_dietary, acceptance').eq('id', q.id).single()
    ).data as Record<string, unknown>;
    expect(accepted).toMatchObject({
      status: 'accepted',
      accepted_name: 'Twice Client',
      accepted_dietary: 'Peanut allergy (one guest)',
    });
    expect(accepted.acceptance).toMatchObject({
      version: 1,
      total_cents: 80000,
      deposit_cents: 24000,
      terms: quoteDefaults.terms,
    });
    expect(await bookingStatus(bookingId)).toBe('confirmed');
    const history = await owner
      .from('booking_status_changes')
      .select('to_status, via')
      .eq('booking_id', bookingId)
      .order('changed_at');
    expect(history.data).toEqual([
      { to_status: 'new', via: null },
      { to_status: 'quoted', via: null },
      { to_status: 'confirmed', via: 'quote' },
    ]);
    const mails = await service
      .from('outbox')
      .select('event, recipient, payload')
      .in('subject_id', [q.id, bookingId])
      .order('created_at');
    const byEvent = Object.fromEntries(
      (mails.data as { event: string; recipient: string; payload: Record<string, unknown> }[]).map((m) => [m.event, m]),
    );
    expect(byEvent.quote_accepted).toMatchObject({
      recipient: 'owner',
      payload: { dietary: 'Peanut allergy (one guest)', accepted_name: 'Twice Client' },
    });
    expect(byEvent.booking_confirmed).toMatchObject({
      recipient: 'twice.client@client.test',
      payload: { calendar: { method: 'REQUEST' } },
    });
    expect(
      (await service.from('outbox').select('id').eq('event', 'quote_accepted').eq('subject_id', q.id)).data,
    ).toHaveLength(1);
    // The page can still show the accepted quote and how to pay.
    expect((await anon.rpc('describe_quote', { token })).data).toMatchObject({
      state: 'accepted',
      quote: { deposit_cents: 24000 },
    });
  });

  it('acceptance needs a name, an answer about allergies and the terms ticked; a bad token does nothing', async () => {
    const q = await draft(await newBooking('Careful Client'));
    const token = await send(q.id);
    const base = { token, full_name: 'Careful Client', dietary: 'none', accept_terms: true };
    expect((await anon.rpc('accept_quote', { ...base, full_name: '  ' })).error?.message).toBe(
      'Please type your full name (at most 120 characters).',
    );
    expect((await anon.rpc('accept_quote', { ...base, dietary: '' })).error?.message).toBe(
      'Please state any dietary needs and allergies, or write "none" (at most 2000 characters).',
    );
    expect((await anon.rpc('accept_quote', { ...base, accept_terms: false })).error?.message).toBe(
      'Please accept the terms to accept the quote.',
    );
    expect((await anon.rpc('accept_quote', { ...base, token: 'a'.repeat(64) })).error?.message).toBe(
      'This link is not valid.',
    );
    expect((await anon.rpc('accept_quote', { ...base, token: "x' or 1=1 --" })).error?.message).toBe(
      'This link is not valid.',
    );
    expect((await anon.rpc('describe_quote', { token: 'b'.repeat(64) })).data).toEqual({ state: 'unknown' });
    expect((await quote(q.id)).status).toBe('sent');
    // Nobody but the owner reads quotes directly.
    expect((await anon.from('quotes').select('id')).error?.code).toBe('42501');
    expect((await member.from('quotes').select('id')).data).toEqual([]);
  });

  it('an expired or withdrawn quote says so and accepts nothing', async () => {
    const q = await draft(await newBooking('Late Client'));
    const token = await send(q.id);
    await server.db.tx(null, async (sql) => {
      await sql(`set local session_replication_role = replica`);
      await sql(`update public.quotes set expires_on = current_date - 2 where id = $1`, [q.id]);
    });
    expect((await anon.rpc('describe_quote', { token })).data).toMatchObject({ state: 'expired' });
    const late = await anon.rpc('accept_quote', {
      token,
      full_name: 'Late Client',
      dietary: 'none',
      accept_terms: true,
    });
    expect(late.error?.message).toBe('This quote has expired. Please contact the chef for a new one.');
    expect((await anon.rpc('request_quote_changes', { token, message: 'Still possible?' })).error?.message).toBe(
      'This quote is no longer open. Please contact the chef.',
    );

    const w = await draft(await newBooking('Withdrawn Client'));
    const wToken = await send(w.id);
    expect((await owner.from('quotes').update({ status: 'withdrawn' }).eq('id', w.id)).error).toBeNull();
    expect((await anon.rpc('describe_quote', { token: wToken })).data).toMatchObject({ state: 'withdrawn' });
    const r = await anon.rpc('accept_quote', { token: wToken, full_name: 'W', dietary: 'none', accept_terms: true });
    expect(r.error?.message).toBe('This quote was withdrawn. Please contact the chef.');
  });

  it('asking for changes tells the chef and keeps the quote open (at most 5 times)', async () => {
    const q = await draft(await newBooking('Change Client'));
    const token = await send(q.id);
    const r = await anon.rpc('request_quote_changes', { token, message: 'Could the main be vegetarian?' });
    expect(r.error).toBeNull();
    expect(r.data).toEqual({ sent: true });
    const mail = await service
      .from('outbox')
      .select('recipient, payload')
      .eq('event', 'quote_changes_requested')
      .eq('subject_id', q.id);
    expect(mail.data).toMatchObject([{ recipient: 'owner', payload: { message: 'Could the main be vegetarian?' } }]);
    expect((await anon.rpc('describe_quote', { token })).data).toMatchObject({ state: 'open' });
    for (let i = 0; i < 4; i++)
      expect((await anon.rpc('request_quote_changes', { token, message: `More ${i}` })).error).toBeNull();
    const sixth = await anon.rpc('request_quote_changes', { token, message: 'Again' });
    expect(sixth.error?.message).toBe(
      'You have already sent 5 requests for this quote. Please contact the chef directly.',
    );
  });

  it('when the day filled meanwhile (the calendar’s capacity), nothing is accepted, the client is told why and the chef is told', async () => {
    const bookingId = await newBooking('Full Client');
    const q = await draft(bookingId);
    const token = await send(q.id);
    // Another booking on the same day is confirmed first: the day is full (one event a day).
    const { data: full } = await service.from('bookings').select('booking_date').eq('id', bookingId).single();
    const day = (full as { booking_date: string }).booking_date;
    const other = await newBooking('Earlier Client', { booking_date: day });
    expect((await owner.from('bookings').update({ status: 'confirmed' }).eq('id', other)).error).toBeNull();

    const r = await anon.rpc('accept_quote', {
      token,
      full_name: 'Full Client',
      dietary: 'Gluten free',
      accept_terms: true,
    });
    expect(r.error).toBeNull();
    const written = new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(r.data).toEqual({
      accepted: false,
      message: `We could not confirm this date: ${written} is already full. The chef has been told and will contact you.`,
    });
    expect(await quote(q.id)).toMatchObject({ status: 'sent' });
    expect(await bookingStatus(bookingId)).toBe('quoted');
    const told = await service
      .from('outbox')
      .select('recipient, payload')
      .eq('event', 'quote_acceptance_refused')
      .eq('subject_id', q.id);
    expect(told.data).toMatchObject([
      { recipient: 'owner', payload: { reason: `${written} is already full`, dietary: 'Gluten free' } },
    ]);
    // Nothing half-written: no acceptance, no confirmation e-mail, no history entry.
    expect(
      (await service.from('outbox').select('id').eq('event', 'quote_accepted').eq('subject_id', q.id)).data,
    ).toEqual([]);
    expect(
      (await service.from('outbox').select('id').eq('event', 'booking_confirmed').eq('subject_id', bookingId)).data,
    ).toEqual([]);
  });

  it('due days are calendar days across a daylight-saving change (New York, 14 March 2027)', async () => {
    // The event on Tuesday 16 March 2027; the balance due 7 days before: Tuesday 9 March, across the
    // change of 14 March, with no hour lost or gained.
    const bookingId = await newBooking('Spring Client', { booking_date: '2027-03-16' });
    const q = await draft(bookingId, { expires_on: null });
    expect(q.balance_due_on).toBe('2027-03-09');
    // A deposit due after the balance is refused when sending; nothing is sent.
    expect((await owner.from('quotes').update({ deposit_due_on: '2027-03-13' }).eq('id', q.id)).error).toBeNull();
    const refused = await owner.from('quotes').update({ status: 'sent' }).eq('id', q.id);
    expect(refused.error?.message).toBe('The deposit must be due on or before the day the balance is due.');
    expect((await service.from('outbox').select('id').eq('subject_id', q.id)).data).toEqual([]);
    expect((await owner.from('quotes').update({ deposit_due_on: '2027-03-02' }).eq('id', q.id)).error).toBeNull();
    await send(q.id);
    expect(await quote(q.id)).toMatchObject({
      status: 'sent',
      deposit_due_on: '2027-03-02',
      balance_due_on: '2027-03-09',
    });
  });

  it('payments: a receipt for each, the balance per booking, lateness, and one reminder of each kind', async () => {
    const bookingId = await newBooking('Paying Client', { booking_date: inDays(9) });
    const q = await draft(bookingId, { price_cents: 10000 }); // 8 × $100 = $800; deposit $240; balance due in 2 days
    const token = await send(q.id);
    expect(
      (await anon.rpc('accept_quote', { token, full_name: 'Paying Client', dietary: 'none', accept_terms: true })).data,
    ).toMatchObject({ accepted: true });

    const balance = async () =>
      (await owner.from('booking_balances').select('*').eq('booking_id', bookingId).single()).data as Record<
        string,
        unknown
      >;
    expect(await balance()).toMatchObject({
      total_cents: 80000,
      paid_cents: 0,
      outstanding_cents: 80000,
      deposit_outstanding_cents: 24000,
      deposit_late: false,
      balance_late: false,
    });

    const pay = await owner
      .from('payments')
      .insert({
        booking_id: bookingId,
        kind: 'deposit',
        amount_cents: 24000,
        received_on: inDays(0),
        method: 'cash_app',
        note: 'Thanks!',
      })
      .select('id')
      .single();
    expect(pay.error).toBeNull();
    const paymentId = (pay.data as { id: string }).id;
    const receipt = await service
      .from('outbox')
      .select('recipient, payload')
      .eq('event', 'payment_receipt')
      .eq('subject_id', paymentId)
      .single();
    expect(receipt.data).toMatchObject({
      recipient: 'paying.client@client.test',
      payload: { amount_cents: 24000, paid_cents: 24000, outstanding_cents: 56000, currency: 'USD' },
    });
    expect(await balance()).toMatchObject({
      paid_cents: 24000,
      outstanding_cents: 56000,
      deposit_outstanding_cents: 0,
    });
    // The service role (the senders, an Edge Function) reads the same balances.
    const asService = await service
      .from('booking_balances')
      .select('outstanding_cents, deposit_late')
      .eq('booking_id', bookingId)
      .single();
    expect(asService.data).toEqual({ outstanding_cents: 56000, deposit_late: false });

    // The balance is due in 2 days: one reminder to the client, however often the senders look.
    const remind = async () =>
      (await server.db.tx(null, (sql) => sql<{ n: number }>(`select private.payments_enqueue_reminders() as n`)))
        .rows[0]!.n;
    expect(await remind()).toBe(1);
    expect(await remind()).toBe(0);
    const reminder = await service
      .from('outbox')
      .select('recipient, payload')
      .eq('event', 'balance_reminder')
      .eq('subject_id', q.id);
    expect(reminder.data).toMatchObject([
      { recipient: 'paying.client@client.test', payload: { outstanding_cents: 56000 } },
    ]);

    // A late deposit: one message to the chef.
    const lateBooking = await newBooking('Slow Payer');
    const lq = await draft(lateBooking);
    const lToken = await send(lq.id);
    expect(
      (await anon.rpc('accept_quote', { token: lToken, full_name: 'Slow Payer', dietary: 'none', accept_terms: true }))
        .data,
    ).toMatchObject({ accepted: true });
    await server.db.tx(null, async (sql) => {
      await sql(`set local session_replication_role = replica`);
      await sql(`update public.quotes set deposit_due_on = current_date - 3 where id = $1`, [lq.id]);
    });
    expect(
      await (
        await owner.from('booking_balances').select('deposit_late').eq('booking_id', lateBooking).single()
      ).data,
    ).toEqual({ deposit_late: true });
    expect(await remind()).toBe(1);
    expect(await remind()).toBe(0);
    const late = await service.from('outbox').select('recipient').eq('event', 'deposit_late').eq('subject_id', lq.id);
    expect(late.data).toEqual([{ recipient: 'owner' }]);

    // Hostile input and other roles.
    const future = await owner
      .from('payments')
      .insert({ booking_id: bookingId, kind: 'other', amount_cents: 100, received_on: inDays(30), method: 'cash' });
    expect(future.error?.message).toBe('A payment cannot be received in the future.');
    const negative = await owner
      .from('payments')
      .insert({ booking_id: bookingId, kind: 'other', amount_cents: -5, received_on: inDays(0), method: 'cash' });
    expect(negative.error?.code).toBe('23514');
    const badMethod = await owner
      .from('payments')
      .insert({ booking_id: bookingId, kind: 'other', amount_cents: 5, received_on: inDays(0), method: 'bitcoin' });
    expect(badMethod.error?.code).toBe('23514');
    expect((await member.from('booking_balances').select('*')).data).toEqual([]);
    expect((await anon.from('booking_balances').select('*')).error?.code).toBe('42501');
    expect((await member.from('payments').select('*')).data).toEqual([]);
  });
});
