import { paymentProviders, type PaymentProvider } from '../../../content/payment.ts';

/**
 * A payment link that carries the amount due and a reference (the booking and what the payment is
 * for) wherever the configured provider takes them (content/payment.ts says how each does). Amounts
 * are the database's cents. Relative imports only: the server's e-mails build the same links.
 */

/** The provider of a payment link, by its host; null for one we do not know (opened as it is). */
export function providerOf(url: string): PaymentProvider | null {
  let host = '';
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
  for (const [name, p] of Object.entries(paymentProviders) as [
    PaymentProvider,
    (typeof paymentProviders)[PaymentProvider],
  ][]) {
    if ((p.hosts as readonly string[]).includes(host)) return name;
  }
  return null;
}

/** What the client types as the note, and what the chef matches: "Deposit – Ada Lovelace, 9 Jan 2027". */
export function paymentReference(kind: 'deposit' | 'balance', name: string, eventDay: string): string {
  const day = new Date(`${eventDay}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  // Control characters out of what the client types as a note.
  // eslint-disable-next-line no-control-regex
  const controls = /[\u0000-\u001f\u007f]+/g;
  const clean = name.replace(controls, ' ').trim().slice(0, 60);
  return `${kind === 'deposit' ? 'Deposit' : 'Balance'} – ${clean}, ${day}`;
}

export interface PaymentLink {
  href: string;
  /** Whether the link carries the amount and the note; when not, the page shows them to type. */
  carriesAmount: boolean;
  carriesNote: boolean;
}

export function paymentLink(baseUrl: string, cents: number, currency: string, reference: string): PaymentLink {
  const provider = providerOf(baseUrl);
  const amount = (Math.max(0, Math.trunc(cents)) / 100).toFixed(2);
  const base = baseUrl.replace(/\/+$/, '');
  switch (provider) {
    case 'cash_app':
      return { href: `${base}/${amount}`, carriesAmount: true, carriesNote: false };
    case 'paypal_me':
      return {
        href: `${base}/${amount}${/^[A-Z]{3}$/.test(currency) ? currency : 'USD'}`,
        carriesAmount: true,
        carriesNote: false,
      };
    case 'venmo': {
      const url = new URL(baseUrl);
      url.searchParams.set('txn', 'pay');
      url.searchParams.set('amount', amount);
      url.searchParams.set('note', reference);
      return { href: url.toString(), carriesAmount: true, carriesNote: true };
    }
    default:
      return { href: baseUrl, carriesAmount: false, carriesNote: false };
  }
}
