/** The payment feature's public entry: the payment QR code that /home's teaser shows. */
export { PaymentQr } from './payment-qr.tsx';
