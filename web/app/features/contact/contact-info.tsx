import { contactText } from '@content/contact.ts';
import { MarketingIcon, cardClass } from '~/features/marketing/index.ts';
import { telHref, useBrand } from '~/lib/brand.ts';

/**
 * Get in Touch: the four info cards (Service Area, Phone, Email, Availability). The phone and e-mail lines
 * are the published brand settings' (the root route's data).
 */
export function ContactInfo() {
  const { info } = contactText;
  const brand = useBrand();
  const published = (detail: { text: string; href?: string }) =>
    detail.href?.startsWith('tel:')
      ? { text: brand.phone, href: telHref(brand.phone) }
      : detail.href?.startsWith('mailto:')
        ? { text: brand.email, href: `mailto:${brand.email}` }
        : detail;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
      {info.cards.map((card) => (
        <li key={card.title} className={`${cardClass} flex gap-4 p-5`}>
          <MarketingIcon name={card.icon} />
          <div className="min-w-0">
            <h3 className="text-lg font-semibold">{card.title}</h3>
            <ul className="mt-1 grid gap-0.5 text-sand">
              {card.details.map(published).map((detail) => (
                <li key={detail.text} className="wrap-anywhere">
                  {detail.href ? (
                    <a href={detail.href} className="font-semibold text-gold underline-offset-4 hover:underline">
                      {detail.text}
                    </a>
                  ) : (
                    detail.text
                  )}
                </li>
              ))}
            </ul>
          </div>
        </li>
      ))}
    </ul>
  );
}
