import { QuotePage } from '~/features/quotes/quote-page.tsx';

/** Where the client's quote e-mail leads: built in the browser only, never indexed. */
export const meta = () => [
  { title: 'Your quote' },
  { name: 'robots', content: 'noindex, nofollow' },
  { name: 'referrer', content: 'no-referrer' },
];

export default function Quote() {
  return <QuotePage />;
}
