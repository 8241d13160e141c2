import { shellCopy } from '@content/shell.ts';
import { Link } from 'react-router';
import { ButtonLink } from '~/components/ui/button.tsx';
import { PageHeading } from '~/components/ui/page-heading.tsx';
import { pageMeta } from '~/lib/seo.ts';
import { href, routes } from '~/paths.ts';

export const meta = () => pageMeta('notFound');

const popular = (['recipes', 'services', 'bookNow', 'gallery', 'contact'] as const).map((id) => routes[id]);

/** Prerendered to /404.html; the server answers unknown paths with it and status 404. */
export default function NotFound() {
  const copy = shellCopy.notFound;
  return (
    <div className="pb-24">
      <PageHeading eyebrow={copy.eyebrow} title={copy.title} lead={copy.lead} />
      <div className="mx-auto flex max-w-3xl flex-col items-center gap-10 px-6 text-center">
        <ButtonLink to={href('home')}>{copy.home}</ButtonLink>
        <nav aria-label={copy.popular}>
          <h2 className="text-lg font-semibold text-cream">{copy.popular}</h2>
          <ul className="mt-4 flex flex-wrap justify-center gap-3">
            {popular.map((route) => (
              <li key={route.id}>
                <Link
                  to={route.path}
                  className="inline-flex min-h-11 items-center rounded-full border border-cream/20 px-5 text-sm font-medium text-sand hover:border-gold hover:text-gold"
                >
                  {route.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
