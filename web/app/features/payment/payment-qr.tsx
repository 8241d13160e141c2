import qr from 'virtual:payment-qr';
import { site } from '@content/site.ts';
import { cn } from '~/lib/cn.ts';

/**
 * The cash-app payment QR code as inline SVG (computed at build time, see payment-qr-plugin.ts).
 * Dark modules on a white tile with the standard quiet zone, so phone cameras read it in any theme.
 */
export function PaymentQr({ size = 240, className }: { size?: number; className?: string }) {
  return (
    <svg
      role="img"
      aria-label={`QR code to pay ${site.chefName} (${site.paymentHandle}) with a mobile cash app`}
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
