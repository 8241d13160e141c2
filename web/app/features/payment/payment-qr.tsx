import { useMatches } from 'react-router';
import { useBrand } from '~/lib/brand.ts';
import { cn } from '~/lib/cn.ts';
import type { PaymentQrData } from './payment-qr.server.ts';

/** The QR code a page's loader made (payment-qr.server.ts): the data of whichever matched route has one. */
function usePaymentQr(): PaymentQrData | undefined {
  for (const m of useMatches()) {
    const qr = (m.loaderData as { paymentQr?: PaymentQrData } | undefined)?.paymentQr;
    if (qr) return qr;
  }
  return undefined;
}

/**
 * The payment link's QR code as inline SVG. Dark modules on a white tile with the standard quiet zone,
 * so phone cameras read it in any theme. Nothing on a page whose loader made no code (the console's
 * preview of the client's quote page): the payment link beside it still works.
 */
export function PaymentQr({ size = 240, className }: { size?: number; className?: string }) {
  const qr = usePaymentQr();
  const brand = useBrand();
  if (!qr) return null;
  return (
    <svg
      role="img"
      aria-label={`QR code to pay ${brand.chefName} (${brand.paymentHandle}) with a mobile cash app`}
      width={size}
      height={size}
      viewBox={qr.viewBox}
      shapeRendering="crispEdges"
      className={cn('block h-auto max-w-full rounded-xl bg-white', className)}
    >
      <rect width="100%" height="100%" fill="#ffffff" />
      <path stroke="#121110" d={qr.path} />
    </svg>
  );
}
