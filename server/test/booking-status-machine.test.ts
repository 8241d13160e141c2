import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  BOOKING_STATUSES,
  BOOKING_TRANSITIONS,
  type BookingStatus,
} from '../../web/app/features/console/booking-status.ts';
import { backends, client, startTestServer, type TestServer } from './support/backend.ts';
import { inDays } from '../../test-support/fixtures.ts';

/**
 * The booking status machine is written once, in the database (bookings_status_known and
 * private.bookings_before_update); the console's table (web/app/features/console/booking-status.ts)
 * must say the same. This walks every (from, to) pair against the real trigger and compares
 * (docs/decisions/0026-one-source-per-contract.md).
 */

/** The shortest way from 'new' to each status along the console's table. */
function pathTo(target: BookingStatus): BookingStatus[] {
  const seen = new Map<BookingStatus, BookingStatus[]>([['new', []]]);
  const queue: BookingStatus[] = ['new'];
  while (queue.length) {
    const from = queue.shift()!;
    for (const to of BOOKING_TRANSITIONS[from]) {
      if (seen.has(to)) continue;
      seen.set(to, [...seen.get(from)!, to]);
      queue.push(to);
    }
  }
  const path = seen.get(target);
  if (!path) throw new Error(`the console's table cannot reach ${target} from new`);
  return path;
}

describe.each(backends)('the booking status machine ($name)', (backend) => {
  let server: TestServer;
  let service: SupabaseClient;
  let day = 40;

  beforeAll(async () => {
    server = await startTestServer(backend);
    service = client(server, server.serviceKey);
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** A fresh booking (each on its own day, so the calendar's capacity never decides) brought to `status`. */
  async function bookingIn(status: BookingStatus): Promise<string> {
    const { data, error } = await service
      .from('bookings')
      .insert({
        name: 'Ada Lovelace',
        email: 'ada@walk.example.com',
        phone: '+1 555 0100',
        booking_date: inDays(day++),
        booking_time: '19:00',
        guests: 4,
        service_type: 'Private Chef Service',
        location: '12 Analytical Way',
      })
      .select('id, status')
      .single();
    expect(error).toBeNull();
    expect(data!.status).toBe('new');
    for (const step of pathTo(status)) {
      const r = await service
        .from('bookings')
        .update({ status: step, status_reason: 'Walking the machine' })
        .eq('id', data!.id);
      expect(r.error, `new → … → ${step} on the way to ${status}`).toBeNull();
    }
    return data!.id as string;
  }

  it('allows exactly the changes of the console table, for every (from, to) pair', async () => {
    const allowed: Record<string, string[]> = {};
    for (const from of BOOKING_STATUSES) {
      allowed[from] = [];
      for (const to of BOOKING_STATUSES) {
        if (to === from) continue;
        const id = await bookingIn(from);
        const { error } = await service
          .from('bookings')
          .update({ status: to, status_reason: 'Walking the machine' })
          .eq('id', id);
        if (!error) {
          allowed[from].push(to);
          const { data } = await service.from('bookings').select('status').eq('id', id).single();
          expect(data!.status).toBe(to);
        } else {
          // Refused by the machine, and by nothing else (a calendar or reason rule would make this walk wrong).
          expect(error.message).toBe(`A booking cannot go from ${from} to ${to}`);
        }
      }
    }
    expect(allowed).toEqual(Object.fromEntries(BOOKING_STATUSES.map((s) => [s, [...BOOKING_TRANSITIONS[s]]])));
  }, 120_000);
});
