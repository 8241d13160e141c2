import QRCode from 'qrcode';
import type { Plugin } from 'vite';
import { site } from '../../../../content/site.ts';

/**
 * Build-time QR code for the cash-app payment link.
 *
 * The `qrcode` package runs here, in Vite, while the site is built and prerendered; the browser only
 * receives the finished vector path through the virtual module `virtual:payment-qr`, so no QR
 * library ships to visitors. Imported by vite.config.ts (relative imports only).
 */
export interface PaymentQrData {
  /** The encoded link (site.paymentUrl). */
  url: string;
  /** SVG viewBox including the 4-module quiet zone, e.g. "0 0 33 33". */
  viewBox: string;
  /** Stroke path of the dark modules (one horizontal 1-unit stroke per run). */
  path: string;
}

export const PAYMENT_QR_MODULE = 'virtual:payment-qr';
const resolvedId = `\0${PAYMENT_QR_MODULE}`;

export async function paymentQrData(url: string = site.paymentUrl): Promise<PaymentQrData> {
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
  const viewBox = /viewBox="([^"]+)"/.exec(svg)?.[1];
  const path = /<path[^>]*\bstroke="[^"]+"[^>]*\bd="([^"]+)"/.exec(svg)?.[1];
  if (!viewBox || !path) throw new Error(`qrcode produced an SVG this plugin cannot read: ${svg.slice(0, 120)}`);
  return { url, viewBox, path };
}

export function paymentQrPlugin(): Plugin {
  return {
    name: 'payment-qr',
    resolveId: (id) => (id === PAYMENT_QR_MODULE ? resolvedId : undefined),
    async load(id) {
      if (id !== resolvedId) return undefined;
      return `export default ${JSON.stringify(await paymentQrData())};`;
    },
  };
}
