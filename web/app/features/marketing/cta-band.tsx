import type { RouteLink, SectionCopy } from '@content/marketing-schema.ts';
import { ButtonLink } from '~/components/ui/button.tsx';
import { href } from '~/paths.ts';
import { Section, cardClass } from './section.tsx';

/** A closing call to action: heading, lead and one or more button links to registry routes. */
export function CtaBand({ copy, links }: { copy: SectionCopy; links: RouteLink[] }) {
  return (
    <div className="px-5 pb-16 sm:px-6 sm:pb-24">
      <Section copy={copy} className={`${cardClass} max-w-4xl py-12 sm:py-14 [&>div:first-child]:mb-8`}>
        <div className="flex flex-wrap justify-center gap-3">
          {links.map((link, i) => (
            <ButtonLink key={link.to} to={href(link.to)} variant={i === 0 ? 'primary' : 'secondary'}>
              {link.label}
            </ButtonLink>
          ))}
        </div>
      </Section>
    </div>
  );
}
