// chunk: shell
import { shellCopy } from '@content/shell.ts';
import { CirclePlay, Mail, Phone } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { NewsletterForm } from '~/features/newsletter/index.ts';
import { footerLinks, href, routes } from '~/paths.ts';
import { StaticHtml } from '~/components/layout/static-html.tsx';
import { telHref, useBrand } from '~/lib/brand.ts';

const copy = shellCopy.footer;

/** The year the pages were prerendered (vite.config.ts defines it), so hydration matches the HTML. */
const BUILD_YEAR = Number(import.meta.env.VITE_BUILD_YEAR) || new Date().getFullYear();
const noop = () => () => {};
/** The copyright year: the build year in the static HTML, the visitor's current year once hydrated. */
const useCurrentYear = () =>
  useSyncExternalStore(
    noop,
    () => new Date().getFullYear(),
    () => BUILD_YEAR,
  );

/** The site footer: quick links, plain-text policies, newsletter, channel link, copyright. */
export function Footer() {
  const year = useCurrentYear();
  const brand = useBrand();
  return (
    <footer className="border-t border-cream/10 bg-charcoal/95 text-sm">
      <div className="mx-auto grid max-w-7xl gap-10 px-6 py-14 sm:grid-cols-2 lg:grid-cols-[1.3fr_1fr_1fr_1.5fr]">
        {/* Links and text only: kept as prerendered, not hydrated (decision 0019). */}
        <StaticHtml>
          <div>
            <Link to={href('home')} className="font-display text-2xl font-semibold text-cream">
              {brand.name}
            </Link>
            <p className="mt-3 max-w-xs text-muted">{copy.about}</p>
            <a
              href={brand.channelUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-5 inline-flex min-h-11 items-center gap-2 font-semibold text-gold hover:text-cream"
            >
              <CirclePlay aria-hidden className="size-5" />
              {copy.channel}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </div>

          <nav aria-label="Footer">
            <h2 className="font-display text-lg font-semibold text-cream">{copy.quickLinks}</h2>
            <ul className="mt-3 grid gap-1">
              {footerLinks.map((id) => (
                <li key={id}>
                  <Link to={routes[id].path} className="inline-block py-1.5 text-sand hover:text-gold">
                    {routes[id].label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>

          <div>
            <h2 className="font-display text-lg font-semibold text-cream">{copy.contact}</h2>
            <ul className="mt-3 grid gap-1 text-sand">
              <li>
                <a href={telHref(brand.phone)} className="inline-flex items-center gap-2 py-1.5 hover:text-gold">
                  <Phone aria-hidden className="size-4 text-gold" />
                  {brand.phone}
                </a>
              </li>
              <li>
                <a
                  href={`mailto:${brand.email}`}
                  className="inline-flex items-center gap-2 py-1.5 break-all hover:text-gold"
                >
                  <Mail aria-hidden className="size-4 shrink-0 text-gold" />
                  {brand.email}
                </a>
              </li>
            </ul>
          </div>
        </StaticHtml>

        <NewsletterForm />
      </div>

      <div className="border-t border-cream/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-6 py-6 text-muted sm:flex-row sm:items-center sm:justify-between">
          <p>{copy.copyright.replace('{year}', String(year)).replace('{name}', brand.name)}</p>
          <p className="flex gap-6">
            <span>{copy.privacy}</span>
            <span>{copy.terms}</span>
          </p>
        </div>
      </div>
    </footer>
  );
}
