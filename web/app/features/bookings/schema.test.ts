import { describe, expect, it } from 'vitest';
import { BOOKING_LIMITS, bookingFormSchema, bookingRowSchema, toBookingRow } from './schema.ts';

const today = '2030-06-15';
const schema = bookingFormSchema(() => today);
const valid = {
  name: '  Ada Lovelace ',
  email: 'ada@example.com',
  phone: '+1 (555) 010-2030',
  service: 'Event Catering',
  date: '2030-06-15',
  time: '18:30',
  guests: '12',
  location: '12 Analytical Way, London',
  message: '',
};

const messageOf = (input: Record<string, string>, path: string) => {
  const result = schema.safeParse(input);
  expect(result.success).toBe(false);
  return result.error?.issues.find((i) => i.path[0] === path)?.message;
};

describe('bookingFormSchema', () => {
  it('accepts a complete form and trims text', () => {
    const values = schema.parse(valid);
    expect(values).toMatchObject({ name: 'Ada Lovelace', guests: 12, service: 'Event Catering', message: '' });
  });

  it('refuses 0, 101, 2.5 and no guests with clear messages', () => {
    expect(messageOf({ ...valid, guests: '0' }, 'guests')).toBe('Please enter at least 1 guest.');
    expect(messageOf({ ...valid, guests: '101' }, 'guests')).toMatch(/up to 100 guests/);
    expect(messageOf({ ...valid, guests: '2.5' }, 'guests')).toBe('Please enter a whole number of guests.');
    expect(messageOf({ ...valid, guests: '' }, 'guests')).toBe('Please enter the number of guests.');
  });

  it('refuses a date before today, accepts today and later', () => {
    expect(messageOf({ ...valid, date: '2030-06-14' }, 'date')).toBe('Please choose today or a later date.');
    expect(schema.safeParse({ ...valid, date: '2031-01-01' }).success).toBe(true);
    expect(messageOf({ ...valid, date: '' }, 'date')).toBe('Please choose a date.');
  });

  it('refuses blanks, unknown services, bad e-mails and over-long text', () => {
    expect(messageOf({ ...valid, name: '   ' }, 'name')).toBe('Please enter your full name.');
    expect(messageOf({ ...valid, service: 'Juggling' }, 'service')).toBe('Please choose a service.');
    expect(messageOf({ ...valid, email: 'ada@' }, 'email')).toMatch(/valid email/);
    expect(messageOf({ ...valid, phone: '12' }, 'phone')).toMatch(/at least 7 digits/);
    expect(messageOf({ ...valid, location: 'x'.repeat(BOOKING_LIMITS.location + 1) }, 'location')).toMatch(/under 300/);
    expect(messageOf({ ...valid, message: 'x'.repeat(BOOKING_LIMITS.message + 1) }, 'message')).toMatch(/5,000/);
    expect(messageOf({ ...valid, time: '' }, 'time')).toBe('Please choose a time.');
  });

  it('becomes a row the insert schema accepts, empty requests as null', () => {
    const row = toBookingRow(schema.parse(valid), '3f0b9f7e-8d3a-4c57-9d43-0a4c1f1b2c3d');
    expect(bookingRowSchema.parse(row)).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+1 (555) 010-2030',
      booking_date: '2030-06-15',
      booking_time: '18:30',
      guests: 12,
      service_type: 'Event Catering',
      location: '12 Analytical Way, London',
      message: null,
      idempotency_key: '3f0b9f7e-8d3a-4c57-9d43-0a4c1f1b2c3d',
    });
  });
});

describe('a day the chef cannot take', () => {
  it('is refused with the calendar’s message; other days pass', () => {
    const withCalendar = bookingFormSchema(
      () => today,
      (day) => day === '2030-06-20',
    );
    const r = withCalendar.safeParse({ ...valid, date: '2030-06-20' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.find((i) => i.path[0] === 'date')?.message).toBe('Sorry, this date is not available.');
    expect(withCalendar.safeParse({ ...valid, date: '2030-06-21' }).success).toBe(true);
  });
});
