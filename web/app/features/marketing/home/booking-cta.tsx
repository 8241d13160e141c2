import { homeSections as home } from '@content/home.ts';
import { ButtonLink } from '~/components/ui/button.tsx';
import { href } from '~/paths.ts';

/** The closing booking call to action: /book-now and /contact. */
export function BookingCta() {
  const { booking } = home;
  return (
    <section aria-labelledby="booking-title" className="mx-auto w-full max-w-6xl px-5 pt-8 pb-24 sm:px-8">
      <div className="rounded-3xl border border-gold/40 bg-gradient-to-br from-gold/25 via-charcoal to-ink px-6 py-14 text-center shadow-2xl shadow-black/40 sm:px-12">
        <h2 id="booking-title" className="text-3xl font-semibold sm:text-5xl">
          {booking.title}
        </h2>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-sand">{booking.text}</p>
        <div className="mt-9 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center sm:gap-4">
          <ButtonLink to={href(booking.primary.to)}>{booking.primary.label}</ButtonLink>
          <ButtonLink to={href(booking.secondary.to)} variant="secondary">
            {booking.secondary.label}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
