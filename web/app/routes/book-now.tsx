import { booking } from '@content/booking.ts';
import { StaticHtml } from '~/components/layout/static-html.tsx';
import { PageHeading } from '~/components/ui/page-heading.tsx';
import { BookingForm } from '~/features/bookings/booking-form.tsx';
import { BookingPanels } from '~/features/bookings/booking-panels.tsx';
import { pageMeta } from '~/lib/seo.ts';

export const meta = () => pageMeta('bookNow');

/**
 * /book-now: no background; the booking form beside the information and contact panels. Only the form
 * hydrates: the heading and the panels (text and plain links) stay the prerendered HTML (decision 0031).
 */
export default function Page() {
  const { heading } = booking;
  return (
    <>
      <StaticHtml>
        <PageHeading eyebrow={heading.eyebrow} title={heading.title} lead={heading.lead} />
      </StaticHtml>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 pb-24 sm:px-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <BookingForm />
        <StaticHtml>
          <BookingPanels />
        </StaticHtml>
      </div>
    </>
  );
}
