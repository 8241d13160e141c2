import { homeSections as home } from '@content/home.ts';
import { ButtonLink } from '~/components/ui/button.tsx';
import { PaymentQr } from '~/features/payment/index.ts';
import { useBrand } from '~/lib/brand.ts';
import { href } from '~/paths.ts';

/** The payment section with the QR code, leading to /payment. */
export function PaymentTeaser() {
  const { payment } = home;
  const brand = useBrand();
  return (
    <section aria-labelledby="pay-title" className="mx-auto w-full max-w-6xl px-5 py-16 sm:px-8">
      <div className="grid items-center gap-10 rounded-3xl border border-cream/10 bg-charcoal/90 p-8 shadow-xl shadow-black/30 sm:p-12 md:grid-cols-[auto_1fr]">
        <PaymentQr size={200} className="mx-auto p-1" />
        <div className="text-center md:text-left">
          <p className="text-xs font-semibold tracking-[0.25em] text-gold uppercase">{payment.eyebrow}</p>
          <h2 id="pay-title" className="mt-2 text-3xl font-semibold sm:text-4xl">
            {payment.title}
          </h2>
          <p className="mt-4 text-lg text-sand">{payment.text}</p>
          <p className="mt-2 font-display text-xl text-gold">{brand.paymentHandle}</p>
          <ButtonLink to={href(payment.link.to)} variant="secondary" className="mt-6">
            {payment.link.label}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
