/** What the console uses of the client's quote page: its parts, for the chef's preview. */
export { QuoteSummary, QuoteTerms } from './quote-summary.tsx';
export type { Described, Quote as ClientQuote, Line as ClientLine } from './quote-parts.tsx';
