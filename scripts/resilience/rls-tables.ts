import { booking, isoDate, recipe } from './product.ts';
import type { Op, Row, Rule, TableExpectation } from './rls-expectations.ts';

/**
 * Who may do what to each table of the database, for the RLS matrix: the rules of
 * rls-expectations.ts, table by table.
 */
const nobody: Record<Op, Rule> = { select: 'none', insert: 'none', update: 'none', upsert: 'none', delete: 'none' };
const everything: Record<Op, Rule> = { select: 'all', insert: 'all', update: 'all', upsert: 'all', delete: 'all' };
const approved = (r: Row) => r.status === 'approved';
const pending = (r: Row) => r.status === 'pending';
const visitorSends = (r: Row) => r.status === 'new' || r.status === undefined;
/** The owner's console: every row, every change through the policies; upsert sends the whole row, columns the owner may not write included, so it is refused. */
const ownerConsole: Record<Op, Rule> = { select: 'all', insert: 'all', update: 'all', upsert: 'none', delete: 'all' };

/** A day of its own for each confirmed booking the matrix makes: a day holds one confirmed booking (capacity 1), and the visitors' requests for day 30 must find it open. */
let confirmedDay = 60;

const bookingFields = (r: Row) => {
  const { name, email, phone, booking_date, booking_time, guests, service_type, location, message } = r;
  return { name, email, phone, booking_date, booking_time, guests, service_type, location, message };
};
const recipeFields = (r: Row) => {
  const { title, description, ingredients, instructions, submitted_by, image_url, status } = r;
  return { title, description, ingredients, instructions, submitted_by, image_url, status };
};

export const TABLES: TableExpectation[] = [
  {
    table: 'bookings',
    key: 'id',
    rows: () => [
      booking({ status: 'new' }),
      booking({ status: 'confirmed', name: 'Confirmed guest', booking_date: isoDate(confirmedDay++) }),
    ],
    insertable: bookingFields,
    marker: ['owner_note', 'message'],
    insertMarker: 'message',
    rules: {
      anon: { ...nobody, insert: visitorSends },
      member: { ...nobody, insert: visitorSends },
      owner: { ...nobody, insert: visitorSends, select: 'all', update: 'all', delete: 'all' },
      service: everything,
    },
  },
  {
    table: 'community_recipes',
    key: 'id',
    rows: () => [
      recipe({ status: 'approved', title: 'Approved one' }),
      recipe({ status: 'pending' }),
      recipe({ status: 'rejected' }),
    ],
    insertable: recipeFields,
    marker: ['review_reason', 'description'],
    insertMarker: 'description',
    rules: {
      anon: { ...nobody, select: approved, insert: pending },
      member: { ...nobody, select: approved, insert: pending },
      owner: { ...nobody, select: 'all', insert: pending, update: 'all', delete: 'all' },
      service: everything,
    },
  },
  {
    table: 'user_roles',
    key: 'user_id',
    rows: ({ user }) => [{ user_id: user, role: 'owner' }],
    marker: ['granted_at'],
    rules: {
      anon: nobody,
      member: nobody,
      // The owner sees only their own row, which the matrix does not touch (it grants the role).
      owner: nobody,
      service: everything,
    },
  },
  {
    table: 'booking_status_changes',
    key: 'id',
    rows: ({ booking: b }) => [{ booking_id: b, from_status: 'new', to_status: 'contacted', reason: null }],
    marker: ['reason'],
    rules: { anon: nobody, member: nobody, owner: { ...nobody, select: 'all' }, service: everything },
  },
  {
    table: 'contact_messages',
    key: 'id',
    rows: () => [{ name: 'Resilience', email: 'r@example.com', subject: 'Hello', message: 'A test message.' }],
    marker: ['read_at'],
    insertMarker: 'message',
    rules: {
      anon: { ...nobody, insert: 'all' },
      member: { ...nobody, insert: 'all' },
      owner: { ...nobody, insert: 'all', select: 'all', update: 'all', delete: 'all' },
      service: everything,
    },
  },
  {
    table: 'newsletter_subscribers',
    key: 'id',
    rows: () => [{ email: `sub-${Math.random().toString(36).slice(2)}@example.com` }],
    marker: ['email'],
    rules: {
      anon: { ...nobody, insert: 'all' },
      member: { ...nobody, insert: 'all' },
      owner: { ...nobody, insert: 'all', select: 'all', delete: 'all' },
      service: everything,
    },
  },
  {
    table: 'outbox',
    key: 'id',
    rows: () => [
      {
        idempotency_key: `resilience.${Math.random().toString(36).slice(2)}`,
        event: 'contact_received',
        recipient: 'owner',
      },
    ],
    marker: ['last_error'],
    rules: { anon: nobody, member: nobody, owner: { ...nobody, select: 'all' }, service: everything },
  },
  {
    // Members-only videos: every signed-in member (the owner is one) reads them; only the service
    // role writes them.
    table: 'members_videos',
    key: 'id',
    rows: () => [
      {
        video_id: Math.random().toString(36).slice(2, 13).padEnd(11, 'x'),
        title: 'Resilience video',
        description: 'A test video.',
        thumbnail: 'membersThumb1',
      },
    ],
    marker: ['title'],
    rules: {
      anon: nobody,
      member: { ...nobody, select: 'all' },
      owner: { ...nobody, select: 'all' },
      service: everything,
    },
  },
  {
    // 20261124120000_calendar.sql: authenticated has every privilege, the policies give all four
    // commands to the owner only; anon has no grant. Days far beyond the bookings' (day 30, 60…).
    table: 'blocked_dates',
    key: 'id',
    rows: () => [{ starts_on: isoDate(500), ends_on: isoDate(501), note: 'Resilience block' }],
    marker: ['note'],
    rules: { anon: nobody, member: nobody, owner: everything, service: everything },
  },
  {
    // One row (20261124120000_calendar.sql). authenticated: select and update of capacity_per_day
    // and closed_weekday, under the owner's policies; the service role: select and update only (no
    // insert, no delete, so no upsert); anon: nothing. The marker is the capacity (raised, never
    // the closed weekday, which would close days the other checks book).
    table: 'calendar_settings',
    key: 'id',
    existing: true,
    rows: () => [{ id: true }],
    marker: ['capacity_per_day'],
    rules: {
      anon: nobody,
      member: nobody,
      owner: { ...nobody, select: 'all', update: 'all' },
      service: { ...nobody, select: 'all', update: 'all' },
    },
  },
  {
    // One row (20261124130000_quotes_and_payments.sql). authenticated: select and update of the
    // settings' columns under the owner's policies (no insert, so no upsert; no delete); the service
    // role: every privilege (its insert is refused only as a second row; it puts the row back after
    // its delete check); anon: nothing.
    table: 'quote_settings',
    key: 'id',
    existing: true,
    rows: () => [{ id: true }],
    marker: ['terms'],
    rules: {
      anon: nobody,
      member: nobody,
      owner: { ...nobody, select: 'all', update: 'all' },
      service: { ...everything, insert: 'none' },
    },
  },
  {
    // The owner's quotes: authenticated may select and delete, insert and update the chef's columns,
    // all under the owner's policies; anon nothing; the service role everything. Drafts only (a sent
    // quote is locked for everyone by its trigger, and only a draft is deleted); the marker is the
    // chef's note, which a draft may change.
    table: 'quotes',
    key: 'id',
    ownBooking: true,
    rows: ({ booking: b }) => [{ booking_id: b, price_cents: 5000, note: 'Resilience quote' }],
    marker: ['note'],
    rules: { anon: nobody, member: nobody, owner: ownerConsole, service: everything },
  },
  {
    // Lines of the matrix's draft quote: the same grants and policies as quotes.
    table: 'quote_lines',
    key: 'id',
    rows: ({ quote }) => [
      { quote_id: quote, description: 'Resilience line', unit: 'fixed', unit_cents: 1000, quantity: 1 },
    ],
    marker: ['description'],
    rules: { anon: nobody, member: nobody, owner: ownerConsole, service: everything },
  },
  {
    // Payments the chef records: the same grants and policies as quotes (a receipt goes to the
    // booking's address on insert).
    table: 'payments',
    key: 'id',
    rows: ({ booking: b }) => [
      {
        booking_id: b,
        kind: 'deposit',
        amount_cents: 5000,
        received_on: isoDate(-1),
        method: 'cash',
        note: 'Resilience payment',
      },
    ],
    marker: ['note'],
    rules: { anon: nobody, member: nobody, owner: ownerConsole, service: everything },
  },
  {
    // Card payment events (20261128140000_card_payments.sql): the owner reads them; only the service role
    // (the webhook) writes; anon and members nothing.
    table: 'stripe_events',
    key: 'id',
    rows: () => [
      {
        id: `evt_resilience${Math.random().toString(16).slice(2)}`,
        type: 'charge.refunded',
        created_at: new Date().toISOString(),
        outcome: 'ignored',
        reason: 'Resilience event',
      },
    ],
    marker: ['reason'],
    rules: { anon: nobody, member: nobody, owner: { ...nobody, select: 'all' }, service: everything },
  },
  {
    // The quotes' and payments' history (20261128150000_quote_editor.sql): written by triggers only (the
    // service role may write it, as every table); the owner reads it; anon and members nothing.
    table: 'quote_events',
    key: 'id',
    rows: (ids) => [{ booking_id: ids.booking, event: 'payment_recorded', amount_cents: 100, kind: 'deposit' }],
    marker: ['kind'],
    rules: { anon: nobody, member: nobody, owner: { ...nobody, select: 'all' }, service: everything },
  },
  {
    // The add-on amounts a publication gives quotes (20261128125000_site_content.sql): the owner reads them;
    // only publish_site (as definer) and the service role write.
    table: 'quote_add_ons',
    key: 'position',
    rows: () => [
      { position: 5000 + Math.floor(Math.random() * 4000), title: 'Resilience add-on', unit: 'fixed', cents: 100 },
    ],
    marker: ['title'],
    rules: { anon: nobody, member: nobody, owner: { ...nobody, select: 'all' }, service: everything },
  },
  {
    // Publications (20261128125000_site_content.sql): the owner reads the history; only publish_site and
    // rollback_site (as definer) and the service role write.
    table: 'site_publications',
    key: 'id',
    rows: () => [{ changes: [], content: {}, published_at: '2000-01-01T00:00:00+00:00' }],
    marker: ['published_at'],
    // The service role's upsert sends the whole row back, which the publication's own checks refuse.
    rules: {
      anon: nobody,
      member: nobody,
      owner: { ...nobody, select: 'all' },
      service: { ...everything, upsert: 'none' },
    },
  },
  {
    // Views (security_invoker) over bookings and their accepted quotes' money: the owner and the service
    // role read them; nobody writes them.
    table: 'booking_rows',
    key: 'id',
    existing: true,
    rows: ({ booking }) => [{ id: booking }],
    marker: ['name'],
    rules: { anon: nobody, member: nobody, owner: { ...nobody, select: 'all' }, service: { ...nobody, select: 'all' } },
  },
  {
    table: 'booking_money',
    key: 'quote_id',
    existing: true,
    rows: ({ acceptedQuote }) => [{ quote_id: acceptedQuote }],
    marker: ['currency'],
    rules: { anon: nobody, member: nobody, owner: { ...nobody, select: 'all' }, service: { ...nobody, select: 'all' } },
  },
  {
    // The drafts, one row per document key (a missing row is its default, made here on first use): the owner
    // reads them and writes only through save_site_draft; the service role writes them directly.
    table: 'site_documents',
    key: 'key',
    existing: true,
    rows: () => [{ key: 'gallery', draft: [], version: 1 }],
    marker: ['updated_at'],
    rules: {
      anon: nobody,
      member: nobody,
      owner: { ...nobody, select: 'all' },
      service: { ...everything, insert: 'none' },
    },
  },
  {
    // A view (security_invoker) over accepted quotes and their payments: select for authenticated,
    // whose rows are those the quotes policy lets them read (the owner's), and for the service role;
    // nothing else for anyone (no grant, and a view with a subquery cannot be written). Its row is
    // the matrix's accepted quote.
    table: 'booking_balances',
    key: 'quote_id',
    existing: true,
    rows: ({ acceptedQuote }) => [{ quote_id: acceptedQuote }],
    marker: ['currency'],
    rules: {
      anon: nobody,
      member: nobody,
      owner: { ...nobody, select: 'all' },
      service: { ...nobody, select: 'all' },
    },
  },
];
