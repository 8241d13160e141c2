/**
 * The chef types amounts as money ("150", "1,250.5", "$30.00"); the database keeps integer cents.
 * Parsed as text, never through a float: "0.29" is 29 cents, not 28.999….
 */
export function toCents(text: string): number | null {
  const clean = text.trim().replace(/^\$/, '').replaceAll(',', '');
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(clean);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Cents as the chef typed them back: 15000 → "150.00". */
export function fromCents(cents: number): string {
  const n = Math.trunc(cents);
  return `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`;
}
