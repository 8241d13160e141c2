import { describe, expect, it } from 'vitest';
import { paymentLink, paymentReference, providerOf } from './payment-link.ts';

describe('payment links carry the amount and the reference where the provider takes them', () => {
  const ref = paymentReference('deposit', 'Ada Lovelace', '2027-01-09');

  it('names the booking and the kind', () => {
    expect(ref).toBe('Deposit – Ada Lovelace, 9 Jan 2027');
    expect(paymentReference('balance', 'Eve\n\u0007<script>', '2027-03-14')).toBe(
      'Balance – Eve <script>, 14 Mar 2027',
    );
  });

  it('Cash App (the default): the amount in the path, the note typed by the client', () => {
    expect(paymentLink('https://cash.app/$ChefFeva', 31140, 'USD', ref)).toEqual({
      href: 'https://cash.app/$ChefFeva/311.40',
      carriesAmount: true,
      carriesNote: false,
    });
  });

  it('PayPal.me: amount and currency after the name', () => {
    expect(paymentLink('https://paypal.me/cheffeva/', 72660, 'USD', ref).href).toBe(
      'https://paypal.me/cheffeva/726.60USD',
    );
  });

  it('Venmo: amount and note as parameters, encoded', () => {
    const link = paymentLink('https://venmo.com/u/ChefFeva', 5, 'USD', 'Deposit – A&B=C, 9 Jan 2027');
    const url = new URL(link.href);
    expect([url.searchParams.get('txn'), url.searchParams.get('amount'), url.searchParams.get('note')]).toEqual([
      'pay',
      '0.05',
      'Deposit – A&B=C, 9 Jan 2027',
    ]);
    expect(link.carriesNote).toBe(true);
  });

  it('an unknown or malformed link is opened as it is', () => {
    expect(paymentLink('https://pay.example/chef', 100, 'USD', ref)).toEqual({
      href: 'https://pay.example/chef',
      carriesAmount: false,
      carriesNote: false,
    });
    expect(providerOf('javascript:alert(1)')).toBeNull();
    expect(providerOf('not a url')).toBeNull();
    expect(providerOf('https://cash.app.evil.test/$x')).toBeNull();
  });
});
