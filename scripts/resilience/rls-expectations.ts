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

/**
 * Ids of rows the matrix makes with the service role before the tables' checks: a user, a booking
 * (status new), a draft quote of that booking (for its lines; nothing else quotes that booking, so
 * it stays a draft), and a quote the client accepted (of a booking of its own, now confirmed).
 */
export interface Ids {
  user: string;
  booking: string;
  quote: string;
  acceptedQuote: string;
}

export interface TableExpectation {
  table: string;
  /** The column a filter names (`?key=eq.…`): the primary key, or its first column. */
  key: string;
  /** Rows of each kind the matrix makes with the service role (`ids` of rows made before). */
  rows: (ids: Ids) => Row[];
  /**
   * Each call of `rows` gets a booking of its own (`ids.booking`, made by the service role): a new
   * quote replaces the open quotes of its booking (and a replaced quote is locked), so the quotes a
   * role inserts must not touch the ones the other checks use.
   */
  ownBooking?: true;
  /**
   * The rows are there already, made by the migrations or by the matrix's own set-up: a one-row
   * settings table (its `id` is true, a second row is refused to everyone by its primary key and
   * one-row check) or a view. The matrix reads them by key instead of seeding them; the insert
   * check sends them again, a second copy, so `insert` is 'none' for every role. The table is
   * checked after the others (a change to its settings reaches their checks), and a row a delete
   * check removed is put back with the service role (which fails the run if the service role may
   * not insert it).
   */
  existing?: true;
  /** What a role sends to insert (a visitor's form fields); defaults to the row itself. */
  insertable?: (row: Row) => Row;
  /** Columns tried in order: the first the table has is the one update and upsert change. */
  marker: string[];
  /** A column a visitor's insert may write, to find the inserted row (default: the marker). */
  insertMarker?: string;
  rules: Record<Role, Record<Op, Rule>>;
}

/** Buckets: objects under a prefix of the matrix's own. */
export interface BucketExpectation {
  bucket: string;
  rules: Record<Role, Record<Op, 'all' | 'none'>>;
}

export const BUCKETS: BucketExpectation[] = [
  {
    // The site's photos: everyone reads them; the owner and the service role upload, replace and remove.
    bucket: 'site-photos',
    rules: {
      anon: { select: 'all', insert: 'none', update: 'none', upsert: 'none', delete: 'none' },
      member: { select: 'all', insert: 'none', update: 'none', upsert: 'none', delete: 'none' },
      owner: { select: 'all', insert: 'all', update: 'all', upsert: 'all', delete: 'all' },
      service: { select: 'all', insert: 'all', update: 'all', upsert: 'all', delete: 'all' },
    },
  },
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
  // An integer column: 2…50 (a day's capacity), never the 1 it starts at; values 49 apart repeat.
  if (column === 'capacity_per_day') return String(2 + (n % 49));
  return `marker ${n}`;
}

export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'number' || typeof b === 'number')
    return (typeof a === 'number' || typeof a === 'string') && String(a) === String(b);
  if (typeof a === 'string' && typeof b === 'string') {
    const ta = Date.parse(a);
    return !Number.isNaN(ta) && ta === Date.parse(b) && /\d{4}-\d{2}-\d{2}T/.test(a);
  }
  return false;
}
