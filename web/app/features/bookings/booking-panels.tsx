import { CalendarClock, Mail, Phone } from 'lucide-react';
import { booking, telHref } from '@content/booking.ts';

/** Beside the form: the notice needed and how to reach the chef directly. */
export function BookingPanels() {
  const { info, contact } = booking;
  return (
    <div className="grid content-start gap-6">
      <section
        aria-labelledby="booking-info-title"
        className="rounded-2xl border border-gold/25 bg-charcoal/80 p-6 sm:p-8"
      >
        <h2 id="booking-info-title" className="flex items-center gap-3 text-xl font-semibold">
          <CalendarClock aria-hidden className="size-6 text-gold" />
          {info.title}
        </h2>
        <dl className="mt-5 grid gap-4">
          {info.items.map((item) => (
            <div key={item.title}>
              <dt className="font-semibold text-cream">{item.title}</dt>
              <dd className="mt-1 text-sand">{item.text}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section
        aria-labelledby="booking-contact-title"
        className="rounded-2xl border border-cream/10 bg-charcoal/80 p-6 sm:p-8"
      >
        <h2 id="booking-contact-title" className="text-xl font-semibold">
          {contact.title}
        </h2>
        <p className="mt-2 text-sand">{contact.lead}</p>
        <ul className="mt-5 grid gap-3">
          <li>
            <a
              href={telHref(contact.phone)}
              className="group flex min-h-11 items-center gap-3 rounded-lg text-cream hover:text-gold"
            >
              <span className="grid size-10 shrink-0 place-items-center rounded-full bg-gold/15 text-gold">
                <Phone aria-hidden className="size-5" />
              </span>
              <span>
                <span className="block text-xs tracking-wider text-muted uppercase">{contact.phoneLabel}</span>
                <span className="font-semibold underline-offset-4 group-hover:underline">{contact.phone}</span>
              </span>
            </a>
          </li>
          <li>
            <a
              href={`mailto:${contact.email}`}
              className="group flex min-h-11 items-center gap-3 rounded-lg text-cream hover:text-gold"
            >
              <span className="grid size-10 shrink-0 place-items-center rounded-full bg-gold/15 text-gold">
                <Mail aria-hidden className="size-5" />
              </span>
              <span className="min-w-0">
                <span className="block text-xs tracking-wider text-muted uppercase">{contact.emailLabel}</span>
                <span className="font-semibold break-all underline-offset-4 group-hover:underline">
                  {contact.email}
                </span>
              </span>
            </a>
          </li>
        </ul>
      </section>
    </div>
  );
}
