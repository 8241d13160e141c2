import { FeatureList } from './feature-list.tsx';
import type { SiteContent } from '@content/editable.ts';
import { pricingPage } from '@content/pricing.ts';
import { ButtonLink } from '~/components/ui/button.tsx';
import { PageHeading } from '~/components/ui/page-heading.tsx';
import { cn } from '~/lib/cn.ts';
import { href } from '~/paths.ts';
import { CtaBand } from './cta-band.tsx';
import { MarketingIcon } from './marketing-icon.tsx';
import { Section, cardClass } from './section.tsx';

/** /price-list: three packages, the add-ons and links onward. No background. */
export function PriceListPage({ packages, addOns: addOnItems }: Pick<SiteContent['pricing'], 'packages' | 'addOns'>) {
  const { heading, popularLabel, packageCta, addOns, note, cta } = pricingPage;
  return (
    <>
      <PageHeading eyebrow={heading.eyebrow} title={heading.title} lead={heading.lead} />
      <section aria-label="Packages" className="mx-auto w-full max-w-6xl px-5 sm:px-6">
        <ul className="grid items-stretch gap-6 pt-4 md:grid-cols-3">
          {packages.map((pkg) => (
            <li
              key={pkg.name}
              className={cn(
                cardClass,
                'relative flex flex-col p-6 sm:p-8',
                pkg.popular && 'border-gold/70 bg-smoke ring-1 ring-gold/50 md:-my-3 md:py-11',
              )}
            >
              {pkg.popular && (
                <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-gold px-4 py-1 text-xs font-bold tracking-wider whitespace-nowrap text-ink uppercase">
                  {popularLabel}
                </p>
              )}
              <MarketingIcon name={pkg.icon} />
              <h2 className="mt-4 text-2xl font-semibold">{pkg.name}</h2>
              <p className="mt-3 flex flex-wrap items-baseline gap-x-2">
                <span className="font-display text-4xl font-bold text-gold">{pkg.price}</span>
                <span className="text-sand">{pkg.per}</span>
              </p>
              <p className="mt-4 text-sand">{pkg.description}</p>
              <FeatureList features={pkg.features} label={`${pkg.name}: what is included`} className="mt-6 gap-2.5" />
              <ButtonLink
                to={href(packageCta.to)}
                variant={pkg.popular ? 'primary' : 'secondary'}
                className="mt-8 w-full"
                aria-label={`${packageCta.label}: ${pkg.name}`}
              >
                {packageCta.label}
              </ButtonLink>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center text-sm text-muted">{note}</p>
      </section>
      <Section copy={addOns}>
        <ul className="grid gap-4 sm:grid-cols-2">
          {addOnItems.map((addOn) => (
            <li key={addOn.title} className={`${cardClass} flex gap-4 p-5`}>
              <MarketingIcon name={addOn.icon} />
              <div>
                <h3 className="text-xl font-semibold">{addOn.title}</h3>
                <p className="font-semibold text-gold">{addOn.price}</p>
                <p className="mt-1 text-sand">{addOn.description}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>
      <CtaBand copy={cta} links={cta.links} />
    </>
  );
}
