import { ExternalLink, Smartphone } from 'lucide-react';
import { Link } from 'react-router';
import { paymentPage } from '@content/payment.ts';
import { PageBackground } from '~/components/layout/page-background.tsx';
import { PageHeading } from '~/components/ui/page-heading.tsx';
import { cardClass } from '~/features/marketing/index.ts';
import { useBrand } from '~/lib/brand.ts';
import { href } from '~/paths.ts';
import { PaymentQr } from './payment-qr.tsx';

/** /payment: the cash-app QR code, what to do with it, and a link for visitors on a phone. */
export function PaymentPage() {
  const { heading, scanTitle, scanText, handleLabel, onPhoneText, linkLabel, howTitle, steps, note, contactLabel } =
    paymentPage;
  const brand = useBrand();
  return (
    <>
      <PageBackground image="bgPayment" opacity="faint" />
      <PageHeading eyebrow={heading.eyebrow} title={heading.title} lead={heading.lead} className="pb-8" />
      <div className="mx-auto grid w-full max-w-5xl items-start gap-8 px-5 pb-20 sm:px-6 md:grid-cols-2">
        <section
          aria-labelledby="payment-scan"
          className={`${cardClass} flex flex-col items-center p-6 text-center sm:p-8`}
        >
          <h2 id="payment-scan" className="text-2xl font-semibold sm:text-3xl">
            {scanTitle}
          </h2>
          <p className="mt-2 text-sand">{scanText}</p>
          <PaymentQr size={264} className="mt-6 shadow-2xl" />
          <p className="mt-6 text-sm tracking-wider text-muted uppercase">{handleLabel}</p>
          <p className="font-display text-3xl font-semibold text-gold">{brand.paymentHandle}</p>
        </section>
        <div className="grid gap-6">
          <section aria-labelledby="payment-phone" className={`${cardClass} p-6 sm:p-8`}>
            <h2 id="payment-phone" className="flex items-center gap-3 text-2xl font-semibold">
              <Smartphone aria-hidden="true" className="size-6 text-gold" />
              {onPhoneText}
            </h2>
            <a
              href={brand.paymentUrl}
              className="mt-4 inline-flex min-h-11 items-center gap-2 rounded-full bg-gold px-6 py-2.5 font-semibold text-ink hover:bg-gold-dark"
            >
              {linkLabel}
              <ExternalLink aria-hidden="true" className="size-4" />
            </a>
            <p className="mt-3 text-sm break-all text-muted">{brand.paymentUrl}</p>
          </section>
          <section aria-labelledby="payment-how" className={`${cardClass} p-6 sm:p-8`}>
            <h2 id="payment-how" className="text-2xl font-semibold">
              {howTitle}
            </h2>
            <ol className="mt-4 grid list-decimal gap-3 pl-5 text-sand marker:font-semibold marker:text-gold">
              {steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
            <p className="mt-5 text-sm text-muted">
              {note}{' '}
              <Link to={href('contact')} className="font-semibold text-gold underline underline-offset-4">
                {contactLabel}
              </Link>
            </p>
          </section>
        </div>
      </div>
    </>
  );
}
