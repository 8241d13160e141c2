/**
 * A whole number with a comma between each group of three digits (10000 → "10,000"), as
 * `n.toLocaleString('en-US')` writes it, without the Intl machinery: the first locale-aware
 * formatting in a page loads the browser's number-formatting data, which the form schemas paid for at
 * load (docs/decisions/0024-load-the-forms-work-when-used.md). Relative imports only (the server
 * imports the schemas that use it).
 */
export function groupDigits(n: number): string {
  if (!Number.isSafeInteger(n)) throw new RangeError(`groupDigits takes a whole number, not ${n}`);
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 ? `-${digits}` : digits;
}
