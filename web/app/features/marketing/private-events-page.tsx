import { Check } from 'lucide-react';
import { eventsCta as cta } from '@content/events.ts';
import { StaticHtml } from '~/components/layout/static-html.tsx';
import { PageHeading } from '~/components/ui/page-heading.tsx';
import { Picture } from '~/components/ui/picture.tsx';
import { RichText } from '~/components/ui/rich-text.tsx';
import type { PageDataOf } from '~/lib/page-data.ts';
import { CtaBand } from './cta-band.tsx';
import { MarketingIcon } from './marketing-icon.tsx';
import { cardClass } from './section.tsx';

/**
 * /private-events: three event cards and Book Your Event. No background. Nothing on it runs in the
 * browser, so a page loaded here keeps the whole of it as the prerendered HTML (StaticHtml, decision
 * 0019; its links are handed to the router by the wrapper).
 */
export function PrivateEventsPage({ heading, events }: PageDataOf<'privateEvents'>) {
  return (
    <StaticHtml>
      <PageHeading eyebrow={heading.eyebrow} title={heading.title} lead={heading.lead} />
      <ul className="mx-auto grid w-full max-w-6xl gap-6 px-5 pb-16 sm:px-6 md:grid-cols-3">
        {events.map((event, i) => (
          <li key={event.title} className={`${cardClass} flex flex-col overflow-hidden`}>
            <Picture
              image={event.image}
              sizes="(min-width: 768px) 33vw, 100vw"
              priority={i === 0}
              className="block"
              imgClassName="aspect-[4/3] w-full object-cover"
            />
            <div className="flex flex-1 flex-col p-6">
              <div className="flex items-center gap-3">
                <MarketingIcon name={event.icon} className="size-10 [&>svg]:size-5" />
                <h2 className="text-2xl font-semibold">{event.title}</h2>
              </div>
              <RichText nodes={event.description} className="mt-4 space-y-3 text-sand" />
              <ul className="mt-5 grid gap-2 text-sm" aria-label={`${event.title}: highlights`}>
                {event.highlights.map((h) => (
                  <li key={h} className="flex gap-2">
                    <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-herb" strokeWidth={3} />
                    {h}
                  </li>
                ))}
              </ul>
            </div>
          </li>
        ))}
      </ul>
      <CtaBand copy={cta} links={[cta.link]} />
    </StaticHtml>
  );
}
