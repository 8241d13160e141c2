import { contactText } from '@content/contact.ts';
import type { PageDataOf } from '~/lib/page-data.ts';
import { StaticHtml } from '~/components/layout/static-html.tsx';
import { PageBackground } from '~/components/layout/page-background.tsx';
import { PageHeading } from '~/components/ui/page-heading.tsx';
import { Section, cardClass } from '~/features/marketing/index.ts';
import { ContactForm } from './contact-form.tsx';
import { ContactInfo } from './contact-info.tsx';
import { FaqList } from './faq-list.tsx';

/**
 * /contact: Contact Us, the message form, Get in Touch and the FAQ. Only the form hydrates: the rest
 * (text, links and the FAQ's native disclosures) stays the prerendered HTML (decision 0031).
 */
export function ContactPage({ faq }: PageDataOf<'contact'>) {
  const { heading, form, info } = contactText;
  return (
    <>
      <StaticHtml>
        <PageBackground image="bgContact" opacity="soft" />
        <PageHeading eyebrow={heading.eyebrow} title={heading.title} lead={heading.lead} />
      </StaticHtml>
      <div className="mx-auto grid w-full max-w-6xl gap-8 px-5 pb-8 sm:px-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="contact-form-title" className={`${cardClass} p-5 sm:p-8`}>
          <h2 id="contact-form-title" className="mb-6 text-2xl font-semibold sm:text-3xl">
            {form.title}
          </h2>
          <ContactForm />
        </section>
        <StaticHtml>
          <section aria-labelledby="contact-info-title">
            <h2 id="contact-info-title" className="text-2xl font-semibold sm:text-3xl">
              {info.title}
            </h2>
            {info.lead && <p className="mt-2 mb-6 text-sand">{info.lead}</p>}
            <ContactInfo />
          </section>
        </StaticHtml>
      </div>
      <StaticHtml>
        <Section copy={faq}>
          <FaqList items={faq.items} />
        </Section>
      </StaticHtml>
    </>
  );
}
