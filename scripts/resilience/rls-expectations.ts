import { booking, recipe } from './product.ts';

/**
 * Who may do what, for the RLS matrix (scripts/resilience/rls.ts): one entry per table and bucket
 * of the database. The matrix reads the catalog, and a table or bucket missing here fails the
 * run, so a new table comes with its expectations. Rules say which rows a role may see or touch:
 * 'all', 'none', or a test on the row.
 */
export type Role = 'anon' | 'member' | 'owner' | 'service';
export type Op = 'select' | 'insert' | 'update' | 'upsert' | 'delete';
export type Row = Record<string, unknown>;
export type Rule = 'all' | 'none' | ((row: Row) => boolean);

export interface TableExpectation {
  table: string;
  /** The column a filter names (`?key=eq.…`): the primary key, or its first column. */
  key: string;
  /** Rows of each kind the matrix makes with the service role (`ids` of rows made before). */
  rows: (ids: { user: string; booking: string }) => Row[];
  /** What a role sends to insert (a visitor's form fields); defaults to the row itself. */
  insertable?: (row: Row) => Row;
  /** Columns tried in order: the first the table has is the one update and upsert change. */
  marker: string[];
  /** A column a visitor's insert may write, to find the inserted row (default: the marker). */
  insertMarker?: string;
  rules: Record<Role, Record<Op, Rule>>;
}

const nobody: Record<Op, Rule> = { select: 'none', insert: 'none', update: 'none', upsert: 'none', delete: 'none' };
const everything: Record<Op, Rule> = { select: 'all', insert: 'all', update: 'all', upsert: 'all', delete: 'all' };
const approved = (r: Row) => r.status === 'approved';
const pending = (r: Row) => r.status === 'pending';
const visitorSends = (r: Row) => r.status === 'new' || r.status === undefined;

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
    rows: () => [booking({ status: 'new' }), booking({ status: 'confirmed', name: 'Confirmed guest' })],
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
    rows: () => [recipe({ status: 'approved', title: 'Approved one' }), recipe({ status: 'pending' }), recipe({ status: 'rejected' })],
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
    rows: () => [{ idempotency_key: `resilience.${Math.random().toString(36).slice(2)}`, event: 'contact_received', recipient: 'owner' }],
    marker: ['last_error'],
    rules: { anon: nobody, member: nobody, owner: { ...nobody, select: 'all' }, service: everything },
  },
  {
    // Members-only videos: every signed-in member (the owner is one) reads them; only the service
    // role writes them.
    table: 'members_videos',
    key: 'id',
    rows: () => [
      { video_id: Math.random().toString(36).slice(2, 13).padEnd(11, 'x'), title: 'Resilience video', description: 'A test video.', thumbnail: 'membersThumb1' },
    ],
    marker: ['title'],
    rules: {
      anon: nobody,
      member: { ...nobody, select: 'all' },
      owner: { ...nobody, select: 'all' },
      service: everything,
    },
  },
];

/** Buckets: objects under a prefix of the matrix's own. */
export interface BucketExpectation {
  bucket: string;
  rules: Record<Role, Record<Op, 'all' | 'none'>>;
}

export const BUCKETS: BucketExpectation[] = [
  {
    bucket: 'community_recipes',
    rules: {
      anon: { select: 'all', insert: 'all', update: 'none', upsert: 'none', delete: 'none' },
      member: { select: 'all', insert: 'all', update: 'none', upsert: 'none', delete: 'none' },
      owner: { select: 'all', insert: 'all', update: 'none', upsert: 'none', delete: 'all' },
      service: { select: 'all', insert: 'all', update: 'all', upsert: 'all', delete: 'all' },
    },
  },
];

/** A value for the marker column that no row has yet. */
export function markerValue(column: string, n: number): string {
  if (column.endsWith('_at')) return new Date(Date.UTC(2031, 0, 1) + n * 1000).toISOString();
  if (column === 'email') return `marker-${n}@example.com`;
  return `marker ${n}`;
}

export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'string' && typeof b === 'string') {
    const ta = Date.parse(a);
    return !Number.isNaN(ta) && ta === Date.parse(b) && /\d{4}-\d{2}-\d{2}T/.test(a);
  }
  return false;
}
