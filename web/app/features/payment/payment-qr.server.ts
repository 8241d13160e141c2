import QRCode from 'qrcode';

/**
 * The payment link's QR code, made by the route loaders of the pages that show it while they are
 * prerendered (a publication's render included), so it follows the published link and no QR library
 * reaches the browser: the pages receive the finished vector path as their data.
 */
export interface PaymentQrData {
  /** The encoded link (the published brand's paymentUrl). */
  url: string;
  /** SVG viewBox including the 4-module quiet zone, e.g. "0 0 33 33". */
  viewBox: string;
  /** Stroke path of the dark modules (one horizontal 1-unit stroke per run). */
  path: string;
}

const made = new Map<string, Promise<PaymentQrData>>();

async function make(url: string): Promise<PaymentQrData> {
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
  const viewBox = /viewBox="([^"]+)"/.exec(svg)?.[1];
  const path = /<path[^>]*\bstroke="[^"]+"[^>]*\bd="([^"]+)"/.exec(svg)?.[1];
  if (!viewBox || !path) throw new Error(`qrcode produced an SVG this module cannot read: ${svg.slice(0, 120)}`);
  return { url, viewBox, path };
}

/** One code per link for the whole render (three pages show it). */
export function paymentQrData(url: string): Promise<PaymentQrData> {
  let qr = made.get(url);
  if (!qr) {
    qr = make(url);
    made.set(url, qr);
  }
  return qr;
}
