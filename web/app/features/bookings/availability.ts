import { getSupabase } from '~/lib/supabase.ts';

/**
 * The days the chef cannot take, as anyone may ask (rpc/unavailable_dates, at most a year at a time):
 * blocked, the closed weekday, or full. Only the days come back, never why.
 */
export async function fetchUnavailableDates(from: string, to: string): Promise<Set<string>> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('unavailable_dates', { from_date: from, to_date: to });
  if (error) throw error;
  return new Set(data as string[]);
}

/** The database's refusal of a request for an unavailable day (private.bookings_requested_day_open). */
export function isUnavailableDayError(error: unknown): boolean {
  const e = error as { code?: string; details?: string } | null;
  return e?.code === '23514' && /^booking_date \d{4}-\d{2}-\d{2} is unavailable$/.test(e.details ?? '');
}

/**
 * The unavailable days from the business's today to a year on, read once when first needed (and
 * again on `load(true)`); `days` is null until then, or when the calendar could not be read (the form
 * still works: the database refuses an unavailable day when the request is sent).
 */
export function createAvailability(today: () => string, addDays: (day: string, n: number) => string) {
  let days: Set<string> | null = null;
  let loading: Promise<Set<string> | null> | null = null;
  return {
    has: (day: string) => days?.has(day) ?? false,
    load(fresh = false): Promise<Set<string> | null> {
      if (fresh || !loading) {
        const from = today();
        loading = fetchUnavailableDates(from, addDays(from, 365)).then(
          (found) => (days = found),
          (error: unknown) => {
            console.error('The calendar could not be read', error);
            loading = null;
            return null;
          },
        );
      }
      return loading;
    },
  };
}
