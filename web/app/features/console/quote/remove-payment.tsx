import * as Dialog from '@radix-ui/react-dialog';
import { useId } from 'react';
import { formatMoney, paymentKinds, paymentMethods } from '@content/quotes.ts';
import type { Payment } from '../console-api.ts';
import { dangerSmallButton, smallButton } from '../data-table.tsx';
import { formatDate } from '../format.ts';

/**
 * What removing a payment does to what the client already has: a recorded payment's receipt was
 * e-mailed when it was recorded (private.payments_outbox) and cannot be taken back; nothing is sent
 * on removal. A card payment is not refunded by removing it here.
 */
export function removalConsequence(p: Pick<Payment, 'kind' | 'method'>): string {
  if (p.kind === 'refund') return 'No receipt was sent for this refund, and none is sent now.';
  return [
    'The client keeps the receipt they were e-mailed for it; no correction is sent, so tell them yourself if it was a mistake.',
    p.method === 'card' ? 'Nothing is refunded on their card: refund it in Stripe if it must be paid back.' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

export function RemovePaymentDialog({
  payment: p,
  currency,
  busy,
  onConfirm,
  onCancel,
}: {
  payment: Payment;
  currency: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[70] bg-ink/85" />
        <Dialog.Content
          role="alertdialog"
          aria-describedby={`${id}-what`}
          className="fixed top-1/2 left-1/2 z-[71] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-red-300/40 bg-charcoal p-5 text-cream"
        >
          <Dialog.Title className="text-lg font-semibold">Remove this payment?</Dialog.Title>
          <div id={`${id}-what`} className="mt-2 grid gap-2 text-sm">
            <p>
              {formatMoney(p.amount_cents, currency)} {paymentKinds[p.kind].toLowerCase()} by {paymentMethods[p.method]}
              , received {formatDate(p.received_on)}, comes off what is paid.
            </p>
            <p className="text-sand">{removalConsequence(p)}</p>
          </div>
          <div className="mt-4 flex flex-wrap gap-2">
            <button type="button" className={dangerSmallButton} disabled={busy} onClick={onConfirm}>
              Remove payment
            </button>
            <Dialog.Close className={smallButton}>Keep it</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
