import { FeatureList } from './feature-list.tsx';
import type { SiteContent } from '@content/editable.ts';
import { servicesPage } from '@content/services.ts';
import { PageBackground } from '~/components/layout/page-background.tsx';
import { StaticHtml } from '~/components/layout/static-html.tsx';
import { Button } from '~/components/ui/button.tsx';
import { PageHeading } from '~/components/ui/page-heading.tsx';
import { Picture } from '~/components/ui/picture.tsx';
import { toast } from '~/components/ui/toast-store.ts';
import { CtaBand } from './cta-band.tsx';
import { MarketingIcon } from './marketing-icon.tsx';
import { Section, cardClass } from './section.tsx';

const cardSizes = '(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw';

/**
 * /services: six service cards, How It Works, and the buttons to book or get in touch. A page loaded
 * here keeps all of it as the prerendered HTML (StaticHtml, decision 0019): the only behaviour is the
 * cards' book buttons' toast, which the wrapper's one click handler gives them
 * (docs/decisions/0034-the-shell-and-marketing-pages-hydrate-less.md).
 */
export function ServicesPage({
  services,
  heading,
  howItWorks,
}: { services: SiteContent['pricing']['services'] } & SiteContent['pages']['services']) {
  const { bookButton, bookToast, cta } = servicesPage;
  return (
    <StaticHtml
      onClick={(event) => {
        if ((event.target as Element).closest('button[data-book-service]')) toast(bookToast);
      }}
    >
      <PageBackground image="bgServices" opacity="faint" />
      <PageHeading eyebrow={heading.eyebrow} title={heading.title} lead={heading.lead} />
      <div className="mx-auto w-full max-w-6xl px-5 sm:px-6">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {services.map((service, index) => (
            <li key={service.title} className={`${cardClass} flex flex-col overflow-hidden`}>
              <div className="relative aspect-[16/10] overflow-hidden">
                {service.image && (
                  // The first card's photo is the largest thing on a phone's first screen: load it first.
                  <Picture
                    image={service.image}
                    sizes={cardSizes}
                    priority={index === 0}
                    className="block size-full"
                    imgClassName="size-full object-cover"
                  />
                )}
                <div
                  aria-hidden="true"
                  className="absolute inset-0 bg-gradient-to-t from-charcoal via-charcoal/20 to-transparent"
                />
                <MarketingIcon name={service.icon} className="absolute bottom-3 left-5 bg-ink/80 backdrop-blur" />
              </div>
              <div className="flex flex-1 flex-col p-5 pt-3 sm:p-6 sm:pt-3">
                <h2 className="text-2xl font-semibold">{service.title}</h2>
                <p className="mt-1 font-semibold text-gold">{service.price}</p>
                <p className="mt-3 text-sand">{service.description}</p>
                <FeatureList
                  features={service.features}
                  label={`${service.title}: what is included`}
                  className="mt-4 gap-2 text-sm"
                />
                <Button className="mt-6 w-full" aria-label={`${bookButton}: ${service.title}`} data-book-service="">
                  {bookButton}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </div>
      <Section copy={howItWorks}>
        <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {howItWorks.steps.map((step, i) => (
            <li key={step.title} className={`${cardClass} relative p-6 pt-8`}>
              <span
                aria-hidden="true"
                className="absolute -top-4 left-6 flex size-9 items-center justify-center rounded-full bg-gold font-display text-lg font-bold text-ink"
              >
                {i + 1}
              </span>
              <MarketingIcon name={step.icon} className="mb-4" />
              <h3 className="text-xl font-semibold">
                <span className="sr-only">Step {i + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-sand">{step.description}</p>
            </li>
          ))}
        </ol>
      </Section>
      <CtaBand copy={cta} links={cta.links} />
    </StaticHtml>
  );
}
