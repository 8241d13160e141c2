import { z } from 'zod';
import { SectionCopySchema } from './marketing-schema.ts';
import { site } from './site.ts';

/** /payment: pay the chef with a mobile cash app by QR code (docs/specification.md §2). The link is site.paymentUrl. */
export const paymentPage = z
  .object({
    heading: SectionCopySchema,
    scanTitle: z.string().min(1),
    scanText: z.string().min(1),
    handleLabel: z.string().min(1),
    onPhoneText: z.string().min(1),
    linkLabel: z.string().min(1),
    howTitle: z.string().min(1),
    steps: z.array(z.string().min(1)).min(1),
    note: z.string().min(1),
    contactLabel: z.string().min(1),
  })
  .parse({
    heading: {
      eyebrow: 'Secure payment',
      title: `Pay ${site.chefName}`,
      lead: 'Settle your deposit or balance in seconds with your mobile cash app.',
    },
    scanTitle: 'Scan to Pay',
    scanText: 'Scan this QR code with your mobile device\u2019s camera or your cash app to pay.',
    handleLabel: 'Cash App handle',
    onPhoneText: 'Already on your phone?',
    linkLabel: 'Open the payment page',
    howTitle: 'How to pay',
    steps: [
      'Open your phone\u2019s camera or cash app and point it at the code.',
      'Check that the recipient is the handle shown here.',
      'Enter the amount from your quote and add your name and event date in the note.',
    ],
    note: 'You will receive a confirmation within 24 hours. Questions about your invoice?',
    contactLabel: 'Contact us',
  });

/**
 * How each payment provider's link takes an amount and a note (web/app/lib/payment-link.ts builds
 * the links; site.paymentUrl says which provider is configured, by its host). The specification's
 * cash-app link is the default.
 * - Cash App: the amount is the link's last path part, `https://cash.app/$Handle/311.40`; a note
 *   cannot be given in the link, so the page shows the reference to type in "For".
 * - PayPal.me: the amount and currency follow the name, `https://paypal.me/name/311.40USD`; no note.
 * - Venmo: `https://venmo.com/u/name?txn=pay&amount=311.40&note=…`: both the amount and the note.
 * - Any other link is opened as it is: the page shows the amount and the reference to type.
 */
export const paymentProviders = {
  cash_app: { hosts: ['cash.app'], amount: true, note: false },
  paypal_me: { hosts: ['paypal.me', 'www.paypal.me'], amount: true, note: false },
  venmo: { hosts: ['venmo.com', 'account.venmo.com'], amount: true, note: true },
} as const;
export type PaymentProvider = keyof typeof paymentProviders;
