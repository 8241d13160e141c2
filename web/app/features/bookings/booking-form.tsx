import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { booking, serviceTypes } from '@content/booking.ts';
import { Button } from '~/components/ui/button.tsx';
import { FormField, HoneypotField, Spinner, controlClass, honeypotValue, useHydrated } from '~/components/ui/form-field.tsx';
import { toast } from '~/components/ui/toast-store.ts';
import { BOOKING_LIMITS, bookingFormSchema, localIsoDate, toBookingRow, type BookingFormValues } from './schema.ts';
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
  name: '', email: '', phone: '', service: '', date: '', time: '', guests: '', location: '', message: '',
};

/**
 * The /book-now form. Checked with the shared zod schema; one booking per filled-in
 * form whatever happens to the network (an idempotency key kept until the booking is stored).
 */
export function BookingForm() {
  const schema = useMemo(() => bookingFormSchema(), []);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<BookingFields, unknown, BookingFormValues>({
    resolver: zodResolver(schema),
    // No defaultValues: whatever was typed before the page hydrated is kept (read from the inputs).
    mode: 'onTouched',
  });
  // One key per filled-in form, kept until the booking is stored: a retry or a second click sends the
  // same key, and the database keeps one row.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);

  // "Today" is the visitor's, so it is read in the browser (the page itself is prerendered).
  const hydrated = useHydrated();
  const today = hydrated ? localIsoDate() : undefined;

  const onValid = async (values: BookingFormValues, event?: React.BaseSyntheticEvent) => {
    const trap = honeypotValue(event);
    const result = await sendBooking(toBookingRow(values, idempotencyKey), { honeypot: trap });
    if (result.ok || trap) {
      setIdempotencyKey(newIdempotencyKey());
      reset(emptyFields);
      if (event?.target instanceof HTMLFormElement) event.target.reset();
      toast(booking.toasts.success);
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
            <input {...p} {...register('name')} type="text" autoComplete="name" required maxLength={BOOKING_LIMITS.name} className={controlClass(p['aria-invalid'])} />
          )}
        </FormField>
        <FormField id="booking-email" label="Email Address" {...field('email')}>
          {(p) => (
            <input {...p} {...register('email')} type="email" autoComplete="email" inputMode="email" required maxLength={BOOKING_LIMITS.email} placeholder="you@example.com" className={controlClass(p['aria-invalid'])} />
          )}
        </FormField>
        <FormField id="booking-phone" label="Phone Number" {...field('phone')}>
          {(p) => (
            <input {...p} {...register('phone')} type="tel" autoComplete="tel" required maxLength={BOOKING_LIMITS.phone} placeholder="(555) 123-4567" className={controlClass(p['aria-invalid'])} />
          )}
        </FormField>
        <FormField id="booking-service" label="Service Type" {...field('service')}>
          {(p) => (
            <select {...p} {...register('service')} defaultValue="" required className={controlClass(p['aria-invalid'], 'appearance-auto')}>
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
        <FormField id="booking-date" label="Preferred Date" {...field('date')}>
          {(p) => (
            <input {...p} {...register('date')} type="date" required min={today} className={controlClass(p['aria-invalid'])} />
          )}
        </FormField>
        <FormField id="booking-time" label="Preferred Time" {...field('time')}>
          {(p) => <input {...p} {...register('time')} type="time" required className={controlClass(p['aria-invalid'])} />}
        </FormField>
        <FormField id="booking-guests" label="Number of Guests" hint={`From ${BOOKING_LIMITS.guestsMin} to ${BOOKING_LIMITS.guestsMax}.`} {...field('guests')}>
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
            <input {...p} {...register('location')} type="text" autoComplete="street-address" required maxLength={BOOKING_LIMITS.location} placeholder="Address or venue, city" className={controlClass(p['aria-invalid'])} />
          )}
        </FormField>
        <FormField id="booking-message" label="Special Requests" optional className="sm:col-span-2" {...field('message')}>
          {(p) => (
            <textarea {...p} {...register('message')} rows={5} placeholder="Dietary needs, allergies, the occasion, a menu you dream of…" className={controlClass(p['aria-invalid'], 'resize-y')} />
          )}
        </FormField>
      </div>
      <HoneypotField id="booking-website" label={booking.form.honeypotLabel} />
      <Button type="submit" disabled={!hydrated || isSubmitting} aria-busy={isSubmitting} className="w-full sm:w-auto sm:justify-self-start">
        {isSubmitting && <Spinner className="size-4" />}
        {isSubmitting ? booking.form.submitting : booking.form.submit}
      </Button>
    </form>
  );
}
