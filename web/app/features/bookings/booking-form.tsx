import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { booking, serviceTypes } from '@content/booking.ts';
import { calendarCopy } from '@content/calendar.ts';
import { Button } from '~/components/ui/button.tsx';
import {
  FormField,
  HoneypotField,
  Spinner,
  controlClass,
  honeypotValue,
  useHydrated,
} from '~/components/ui/form-field.tsx';
import { toast } from '~/components/ui/toast-store.ts';
import { addDays, businessToday, formatDay, nearestOpenDays } from '~/lib/business-date.ts';
import { createAvailability, isUnavailableDayError } from './availability.ts';
import { lazyResolver, nextTask } from '~/lib/lazy-resolver.ts';
import { BOOKING_LIMITS } from './limits.ts';
import type { BookingFormValues } from './schema.ts';
import { newIdempotencyKey, sendBooking } from './send-booking.ts';

/** The form's own state: what the inputs hold (all text, as the browser gives it). */
export interface BookingFields {
  name: string;
  email: string;
  phone: string;
  service: string;
  date: string;
  time: string;
  guests: string;
  location: string;
  message: string;
}

const emptyFields: BookingFields = {
  name: '',
  email: '',
  phone: '',
  service: '',
  date: '',
  time: '',
  guests: '',
  location: '',
  message: '',
};

/**
 * The /book-now form. Checked with the shared zod schema; one booking per filled-in
 * form whatever happens to the network (an idempotency key kept until the booking is stored).
 */
export function BookingForm() {
  // The chef's unavailable days from today to a year on, asked once when the date is first used.
  const [calendar] = useState(() => createAvailability(businessToday, addDays));
  const [unavailable, setUnavailable] = useState<Set<string> | null>(null);
  // zod and the schema load on the form's first focus or check, not with the page (decision 0024).
  const resolver = useMemo(
    () =>
      lazyResolver<BookingFields, unknown, BookingFormValues>(
        async () => {
          const [{ zodResolver }, { bookingFormSchema }] = await Promise.all([
            import('@hookform/resolvers/zod'),
            import('./schema.ts'),
          ]);
          // The modules' evaluation and the schema's building in two tasks, not one long one (decision 0031).
          await nextTask();
          return zodResolver(bookingFormSchema(undefined, calendar.has));
        },
        { onSubmitBlocked: () => toast({ ...booking.toasts.failure, variant: 'destructive' }) },
      ),
    [calendar],
  );
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    setError,
    trigger,
    formState: { errors, isSubmitting },
  } = useForm<BookingFields, unknown, BookingFormValues>({
    resolver,
    // No defaultValues: whatever was typed before the page hydrated is kept (read from the inputs).
    mode: 'onTouched',
  });
  // One key per filled-in form, kept until the booking is stored: a retry or a second click sends the
  // same key, and the database keeps one row.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);

  // "Today" is the business's (content/site.ts timeZone), read in the browser when the date field is
  // first used (its `min`, before the date picker opens): the first time-zone formatting loads the
  // browser's time-zone data, a long task on a phone if done while the page hydrates (decision 0031).
  // The schema reads it again when it checks the date.
  const [today, setToday] = useState<string | undefined>(undefined);
  const readToday = () => {
    if (today === undefined) setToday(businessToday());
  };

  /** Loads the unavailable days once (again after `fresh`) and shows them. */
  const loadAvailability = async (fresh = false) => {
    const days = await calendar.load(fresh);
    if (days) setUnavailable(days);
    return days;
  };
  // Followed through the input's onChange (not watch(), which the React Compiler cannot memoise).
  const [date, setDate] = useState('');
  const dateUnavailable = Boolean(date && unavailable?.has(date));
  const suggestionsFrom = dateUnavailable ? (today ?? businessToday()) : undefined;
  const suggestions = suggestionsFrom
    ? nearestOpenDays(date, unavailable!, suggestionsFrom, addDays(suggestionsFrom, 365))
    : [];

  const onValid = async (values: BookingFormValues, event?: React.BaseSyntheticEvent) => {
    const trap = honeypotValue(event);
    // Already loaded by the check that led here.
    const { toBookingRow } = await import('./schema.ts');
    const result = await sendBooking(toBookingRow(values, idempotencyKey), { honeypot: trap });
    if (result.ok || trap) {
      setIdempotencyKey(newIdempotencyKey());
      reset(emptyFields);
      setDate('');
      if (event?.target instanceof HTMLFormElement) event.target.reset();
      toast(booking.toasts.success);
    } else if (result.reason === 'failed' && isUnavailableDayError(result.error)) {
      // Taken since the calendar was read: say so beside the date, with today's nearest open days.
      console.error('Booking request refused: the date is not available', result.error);
      await loadAvailability(true);
      setError('date', { message: calendarCopy.form.unavailable }, { shouldFocus: true });
      toast({ ...booking.toasts.failure, variant: 'destructive' });
    } else if (result.reason === 'rate-limited') {
      console.error('Booking request refused: too many requests', result.error);
      toast({ ...booking.toasts.tooMany, variant: 'destructive' });
    } else {
      console.error('Booking request failed', result.error);
      toast({ ...booking.toasts.failure, variant: 'destructive' });
    }
  };

  const field = (name: keyof BookingFields) => ({ error: errors[name]?.message });

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onValid)}
      // The checks start loading after the frame of the form's first tap or focus (decision 0031).
      onPointerDown={resolver.preload}
      onFocus={resolver.preload}
      aria-labelledby="booking-form-title"
      className="relative grid gap-6 rounded-2xl border border-cream/10 bg-charcoal/80 p-6 shadow-xl sm:p-8"
    >
      <h2 id="booking-form-title" className="text-2xl font-semibold">
        {booking.form.title}
      </h2>
      <p className="-mt-3 text-sm text-muted">All fields are required unless marked optional.</p>
      <div className="grid gap-6 sm:grid-cols-2">
        <FormField id="booking-name" label="Full Name" {...field('name')}>
          {(p) => (
            <input
              {...p}
              {...register('name')}
              type="text"
              autoComplete="name"
              required
              maxLength={BOOKING_LIMITS.name}
              className={controlClass(p['aria-invalid'])}
            />
          )}
        </FormField>
        <FormField id="booking-email" label="Email Address" {...field('email')}>
          {(p) => (
            <input
              {...p}
              {...register('email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              maxLength={BOOKING_LIMITS.email}
              placeholder="you@example.com"
              className={controlClass(p['aria-invalid'])}
            />
          )}
        </FormField>
        <FormField id="booking-phone" label="Phone Number" {...field('phone')}>
          {(p) => (
            <input
              {...p}
              {...register('phone')}
              type="tel"
              autoComplete="tel"
              required
              maxLength={BOOKING_LIMITS.phone}
              placeholder="(555) 123-4567"
              className={controlClass(p['aria-invalid'])}
            />
          )}
        </FormField>
        <FormField id="booking-service" label="Service Type" {...field('service')}>
          {(p) => (
            <select
              {...p}
              {...register('service')}
              defaultValue=""
              required
              className={controlClass(p['aria-invalid'], 'appearance-auto')}
            >
              <option value="" disabled>
                {booking.form.servicePlaceholder}
              </option>
              {serviceTypes.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <div className="grid content-start gap-2">
          <FormField id="booking-date" label="Preferred Date" {...field('date')}>
            {(p) => (
              <input
                {...p}
                {...register('date', {
                  // Said at once: the calendar is read on first use, then the choice is checked.
                  onChange: async (e: React.ChangeEvent<HTMLInputElement>) => {
                    setDate(e.target.value);
                    await loadAvailability();
                    if (e.target.value) void trigger('date');
                  },
                })}
                onFocus={() => {
                  readToday();
                  void loadAvailability();
                }}
                type="date"
                required
                min={today}
                className={controlClass(p['aria-invalid'])}
              />
            )}
          </FormField>
          {dateUnavailable && (
            <DateSuggestions
              days={suggestions}
              onPick={(day) => {
                setDate(day);
                setValue('date', day, { shouldValidate: true, shouldDirty: true, shouldTouch: true });
              }}
            />
          )}
        </div>
        <FormField id="booking-time" label="Preferred Time" {...field('time')}>
          {(p) => (
            <input {...p} {...register('time')} type="time" required className={controlClass(p['aria-invalid'])} />
          )}
        </FormField>
        <FormField
          id="booking-guests"
          label="Number of Guests"
          hint={`From ${BOOKING_LIMITS.guestsMin} to ${BOOKING_LIMITS.guestsMax}.`}
          {...field('guests')}
        >
          {(p) => (
            <input
              {...p}
              {...register('guests')}
              type="number"
              inputMode="numeric"
              min={BOOKING_LIMITS.guestsMin}
              max={BOOKING_LIMITS.guestsMax}
              step={1}
              required
              className={controlClass(p['aria-invalid'])}
            />
          )}
        </FormField>
        <FormField id="booking-location" label="Event Location" {...field('location')}>
          {(p) => (
            <input
              {...p}
              {...register('location')}
              type="text"
              autoComplete="street-address"
              required
              maxLength={BOOKING_LIMITS.location}
              placeholder="Address or venue, city"
              className={controlClass(p['aria-invalid'])}
            />
          )}
        </FormField>
        <FormField
          id="booking-message"
          label="Special Requests"
          optional
          className="sm:col-span-2"
          {...field('message')}
        >
          {(p) => (
            <textarea
              {...p}
              {...register('message')}
              rows={5}
              placeholder="Dietary needs, allergies, the occasion, a menu you dream of…"
              className={controlClass(p['aria-invalid'], 'resize-y')}
            />
          )}
        </FormField>
      </div>
      <HoneypotField id="booking-website" label={booking.form.honeypotLabel} />
      <SubmitButton submitting={isSubmitting} />
    </form>
  );
}

/**
 * The form's submit button, disabled until the page has hydrated (useHydrated). Its own component, so
 * that hydration's second render (the hydrated flag turning true) re-renders this button only, not the
 * whole form (docs/decisions/0031-the-form-pages-hydrate-only-the-form.md).
 */
function SubmitButton({ submitting }: { submitting: boolean }) {
  const hydrated = useHydrated();
  return (
    <Button
      type="submit"
      disabled={!hydrated || submitting}
      aria-busy={submitting}
      className="w-full sm:w-auto sm:justify-self-start"
    >
      {submitting && <Spinner className="size-4" />}
      {submitting ? booking.form.submitting : booking.form.submit}
    </Button>
  );
}

/** Under an unavailable date: the nearest open days, each a button that picks it. */
function DateSuggestions({ days, onPick }: { days: string[]; onPick: (day: string) => void }) {
  if (days.length === 0) return <p className="text-sm text-muted">{calendarCopy.form.none}</p>;
  return (
    <div
      role="group"
      aria-labelledby="booking-date-suggestions"
      className="flex flex-wrap items-center gap-2 text-sm text-muted"
    >
      <span id="booking-date-suggestions">{calendarCopy.form.suggestions}</span>
      {[...days].sort().map((day) => (
        <button
          key={day}
          type="button"
          onClick={() => onPick(day)}
          aria-label={`Choose ${formatDay(day, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' })}`}
          className="rounded-full border border-gold/60 px-3 py-1 text-sm font-semibold text-sand hover:bg-gold/15 focus-visible:outline-2 focus-visible:outline-gold"
        >
          {formatDay(day)}
        </button>
      ))}
    </div>
  );
}
