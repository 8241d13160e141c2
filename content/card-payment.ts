import { z } from 'zod';

const Text = z.string().min(1);

/**
 * The card payment's words on the client's /quote page (web/app/features/quotes/card-payment.tsx),
 * shown only when Stripe's keys are configured (docs/card-payments.md).
 */
export const cardPayment = z
  .object({
    button: Text,
    starting: Text,
    note: Text,
    paid: Text,
    cancelled: Text,
    failed: Text,
  })
  .parse({
    button: 'Pay by card',
    starting: 'Opening the secure card payment…',
    note: 'The amount due now is paid through Stripe’s secure checkout.',
    paid: 'Thank you: your card payment went through. The receipt will follow by e-mail.',
    cancelled: 'The card payment was cancelled: nothing was charged.',
    failed: 'The card payment could not be started. Please try again in a moment.',
  });
