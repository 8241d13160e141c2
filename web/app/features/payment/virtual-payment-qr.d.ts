/** The payment link's QR code, computed at build time by payment-qr-plugin.ts. */
declare module 'virtual:payment-qr' {
  const qr: { url: string; viewBox: string; path: string };
  export default qr;
}
