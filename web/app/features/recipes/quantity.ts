/**
 * The quantity engine: turns an ingredient's quantity text and a scale factor into display text.
 * Pure (no React, no DOM), so it runs the same in the page, in unit tests and in end-to-end tests.
 *
 * ## Reading (the leading quantity, in the forms cooks write)
 *
 * | Written            | Read as      | Notes                                                    |
 * |--------------------|--------------|----------------------------------------------------------|
 * | `2`                | 2            |                                                          |
 * | `1.5`, `1,5`, `.5` | 1.5, 1.5, .5 | a comma followed by exactly three digits is a thousands  |
 * |                    |              | separator: `1,500 g` is 1500                             |
 * | `1/2`, `1⁄2`       | 0.5          | slash or fraction slash                                  |
 * | `1 1/2`, `1-1/2`   | 1.5          | mixed number (the hyphen form is common in US recipes)   |
 * | `½`, `1½`, `1 ½`   | 0.5, 1.5     | every Unicode vulgar fraction (½ ⅓ ⅔ ¼ ¾ ⅕ … ⅛ ⅜ ⅝ ⅞)    |
 * | `2-3`, `2–3`, `2—3`, `2 to 3` | 2 … 3 | a range: both ends scale; upper end must exceed lower |
 *
 * Everything after the quantity (unit, ingredient, note) is kept exactly as written, except that a
 * listed unit word right after the number agrees with the scaled amount (`1 cup` → `1½ cups`,
 * `2 cloves` → `1 clove`); abbreviations (`tbsp`, `oz`) never change. Text that does
 * not start with a number (`to taste`, `a pinch`, `as needed`, `Juice of 1 lime`) is never scaled.
 *
 * ## Scaling
 *
 * Always from the ORIGINAL quantity: `amount × servings ÷ originalServings`, computed as
 * `(amount × servings) / originalServings` and rounded to 9 decimal places before display. A displayed
 * value is never fed back in, so 3 → 1½ → ¾ and back to the original servings shows exactly 3 again.
 *
 * ## Display
 *
 * Known fractions (the fractional part snaps to the NEAREST entry within 0.1):
 *
 * | Value  | 0.125 | 0.25 | 0.333… | 0.375 | 0.5 | 0.625 | 0.666… | 0.75 | 0.875 |
 * |--------|-------|------|--------|-------|-----|-------|--------|------|-------|
 * | Shown  | ⅛     | ¼    | ⅓      | ⅜     | ½   | ⅝     | ⅔      | ¾    | ⅞     |
 *
 * 1. Fractional part under 0.1 → the whole number (`2.05` → `2`).
 * 2. Otherwise the nearest of the table above and of the next whole number (`x + 1`): if it lies within
 *    0.1, a mixed fraction (`1.48` → `1½`, `0.34` → `⅓`) or the next whole number (`2.95` → `3`,
 *    so float noise such as `0.9999999` can never show as `⅞`).
 * 3. Otherwise one decimal, trailing `.0` dropped. (With eighths in the table every fractional part of
 *    0.1 or more lies within 0.0625 of an entry, so this branch is a guard for other tables.)
 * 4. A non-zero quantity never shows as `0` or vanishes: below 0.1, where rule 1 would give 0, it shows
 *    `⅛` (the smallest standard measure, a "dash") from 1/16 up, and `under ⅛` below 1/16.
 *
 * Output uses Unicode vulgar fractions glued to the whole number (`1½`, not `1 1/2`): it is what
 * printed cookbooks use, it cannot be misread as "11/2", it keeps the quantity column narrow on
 * phones, and screen readers announce `½` as "one half". Ranges are shown with an en dash (`2–3`);
 * a written `to` stays `to`. When both ends of a scaled range show the same text, it shows once;
 * when only the lower end is under ⅛, the range reads `up to ⅛`.
 */

/** How close the fractional part must be to a known fraction to be shown as it (0.1). */
export const FRACTION_TOLERANCE = 0.1;

/** The known fractions, ascending, with their display glyphs. */
export const FRACTIONS: readonly { value: number; glyph: string }[] = [
  { value: 1 / 8, glyph: '⅛' },
  { value: 1 / 4, glyph: '¼' },
  { value: 1 / 3, glyph: '⅓' },
  { value: 3 / 8, glyph: '⅜' },
  { value: 1 / 2, glyph: '½' },
  { value: 5 / 8, glyph: '⅝' },
  { value: 2 / 3, glyph: '⅔' },
  { value: 3 / 4, glyph: '¾' },
  { value: 7 / 8, glyph: '⅞' },
];

/** Every Unicode vulgar fraction a cook might paste, for reading. */
const VULGAR: Record<string, number> = {
  '¼': 1 / 4,
  '½': 1 / 2,
  '¾': 3 / 4,
  '⅐': 1 / 7,
  '⅑': 1 / 9,
  '⅒': 1 / 10,
  '⅓': 1 / 3,
  '⅔': 2 / 3,
  '⅕': 1 / 5,
  '⅖': 2 / 5,
  '⅗': 3 / 5,
  '⅘': 4 / 5,
  '⅙': 1 / 6,
  '⅚': 5 / 6,
  '⅛': 1 / 8,
  '⅜': 3 / 8,
  '⅝': 5 / 8,
  '⅞': 7 / 8,
};
const VULGAR_CLASS = Object.keys(VULGAR).join('');

/** One number in any written form, anchored at the start. Groups: see `readNumber`. */
const NUMBER_SOURCE = [
  `(\\d+)\\s*([${VULGAR_CLASS}])`, // 1: whole, 2: glyph          1½, 1 ½
  `(\\d+)(?:\\s+|-)(\\d+)\\s*[/⁄]\\s*(\\d+)`, // 3: whole, 4/5: n/d  1 1/2, 1-1/2
  `(\\d+)\\s*[/⁄]\\s*(\\d+)`, // 6/7: n/d                          1/2
  `(\\d*\\.\\d+|\\d+,\\d{1,2}(?!\\d)|\\d{1,3}(?:,\\d{3})+(?!\\d)|\\d+)`, // 8: decimal, thousands, int
  `([${VULGAR_CLASS}])`, // 9: glyph                             ½
].join('|');
const NUMBER = new RegExp(`^(?:${NUMBER_SOURCE})`);
const RANGE_JOIN = /^(\s*[-–—]\s*|\s+to\s+)/;

interface NumberMatch {
  value: number;
  length: number;
}

function readNumber(text: string): NumberMatch | null {
  const m = NUMBER.exec(text);
  if (!m) return null;
  let value: number;
  if (m[1] !== undefined) value = Number(m[1]) + VULGAR[m[2]];
  else if (m[3] !== undefined) {
    const [n, d] = [Number(m[4]), Number(m[5])];
    // A mixed number's fraction is proper (1 1/2); "1 12/4" is not a quantity we understand.
    if (d === 0 || n >= d) return readPlain(text);
    value = Number(m[3]) + n / d;
  } else if (m[6] !== undefined) {
    const d = Number(m[7]);
    if (d === 0) return null;
    value = Number(m[6]) / d;
  } else if (m[8] !== undefined) {
    const s = m[8];
    if (/^\d+,\d{1,2}$/.test(s)) value = Number(s.replace(',', '.'));
    else value = Number(s.replace(/,/g, ''));
  } else value = VULGAR[m[9]];
  return { value, length: m[0].length };
}

/** Fallback for "1 12/4…": just the leading whole number. */
function readPlain(text: string): NumberMatch | null {
  const m = /^\d+/.exec(text);
  return m ? { value: Number(m[0]), length: m[0].length } : null;
}

export interface ParsedQuantity {
  /** The (lower) amount. */
  amount: number;
  /** The upper end of a range, if the text is a range. */
  upper?: number;
  /** How the range was joined: an en dash for `-`, `–`, `—`; ` to ` for `to`. */
  join?: '–' | ' to ';
  /** Everything after the quantity, exactly as written (leading space included). */
  rest: string;
}

/** Reads the leading quantity of a quantity text; `null` when it does not start with a number. */
export function parseQuantity(text: string): ParsedQuantity | null {
  const source = text.trimStart();
  const first = readNumber(source);
  if (!first) return null;
  let end = first.length;
  const join = RANGE_JOIN.exec(source.slice(end));
  if (join) {
    const second = readNumber(source.slice(end + join[0].length));
    if (second && second.value > first.value) {
      end += join[0].length + second.length;
      return {
        amount: first.value,
        upper: second.value,
        join: join[0].trim() === 'to' ? ' to ' : '–',
        rest: source.slice(end),
      };
    }
  }
  return { amount: first.value, rest: source.slice(end) };
}

/** Removes floating-point noise (0.1 × 3 = 0.30000000000000004). */
const clean = (value: number) => Math.round(value * 1e9) / 1e9;

/** Shows a non-negative amount by the required rule (see the table at the top of this file). */
export function formatAmount(raw: number): string {
  if (!Number.isFinite(raw) || raw < 0) throw new RangeError(`Not a quantity: ${raw}`);
  const value = clean(raw);
  if (value === 0) return '0';
  const whole = Math.floor(value);
  const fraction = clean(value - whole);
  if (fraction < FRACTION_TOLERANCE) {
    if (whole > 0) return String(whole);
    // Rule 4: never 0 for something that is there.
    return fraction >= 1 / 16 ? '⅛' : 'under ⅛';
  }
  let best: { value: number; glyph: string } = { value: 1, glyph: '' };
  for (const f of FRACTIONS) {
    if (Math.abs(fraction - f.value) < Math.abs(fraction - best.value)) best = f;
  }
  if (Math.abs(fraction - best.value) <= FRACTION_TOLERANCE + 1e-9) {
    if (best.value === 1) return String(whole + 1);
    return whole === 0 ? best.glyph : `${whole}${best.glyph}`;
  }
  return value.toFixed(1).replace(/\.0$/, '');
}

export interface ScaledQuantity {
  /** The display text: the scaled quantity followed by the rest as written. */
  text: string;
  /** The scaled quantity alone (`1½`, `2–3`); `null` when the text has no leading number. */
  amount: string | null;
  /** The rest of the text after the quantity, as written. */
  rest: string;
}

/** Units whose word follows the number (singular ↔ plural); abbreviations (tbsp, oz, g) never change. */
const UNIT_PLURALS: Record<string, string> = {
  cup: 'cups',
  tablespoon: 'tablespoons',
  teaspoon: 'teaspoons',
  pound: 'pounds',
  ounce: 'ounces',
  clove: 'cloves',
  can: 'cans',
  sheet: 'sheets',
  stalk: 'stalks',
  slice: 'slices',
  sprig: 'sprigs',
  piece: 'pieces',
  handful: 'handfuls',
  pinch: 'pinches',
  dash: 'dashes',
  bunch: 'bunches',
  head: 'heads',
  quart: 'quarts',
  pint: 'pints',
  stick: 'sticks',
  wedge: 'wedges',
  inch: 'inches',
};
const UNIT_SINGULARS = Object.fromEntries(Object.entries(UNIT_PLURALS).map(([one, many]) => [many, one]));

/**
 * Makes a unit word that directly follows the amount agree with it: singular up to 1
 * (`¾ cup`, `1 cup`), plural above (`1½ cups`, `1–2 cloves`). Only the units listed above change.
 */
function agreeUnit(rest: string, largest: number): string {
  const m = /^(\s+)([A-Za-z]+)\b/.exec(rest);
  if (!m) return rest;
  const word = m[2];
  const lower = word.toLowerCase();
  const singular = largest <= 1;
  const replacement = singular ? UNIT_SINGULARS[lower] : UNIT_PLURALS[lower];
  if (!replacement) return rest;
  const cased = word[0] === word[0].toUpperCase() ? replacement[0].toUpperCase() + replacement.slice(1) : replacement;
  return m[1] + cased + rest.slice(m[0].length);
}

/**
 * Scales a quantity text by `servings / originalServings` (always from the original text) and
 * formats it for display. Text without a leading number comes back unchanged.
 */
export function scaleQuantity(text: string, servings: number, originalServings: number): ScaledQuantity {
  if (!(originalServings > 0) || !(servings >= 0)) {
    throw new RangeError(`Servings must be positive: ${servings} / ${originalServings}`);
  }
  const parsed = parseQuantity(text);
  if (!parsed) return { text, amount: null, rest: text };
  const scaled = (value: number) => clean((value * servings) / originalServings);
  const lower = formatAmount(scaled(parsed.amount));
  let amount = lower;
  let largest = scaled(parsed.amount);
  if (parsed.upper !== undefined) {
    const upper = formatAmount(scaled(parsed.upper));
    largest = scaled(parsed.upper);
    if (upper === lower) amount = lower;
    else if (lower.startsWith('under')) amount = `up to ${upper}`;
    else amount = `${lower}${parsed.join}${upper}`;
  }
  // Agreement follows what is shown: 1.05 shows as "1", so "1 cup".
  const shownLargest =
    largest >= 1 && largest - Math.floor(largest) < FRACTION_TOLERANCE ? Math.floor(largest) : largest;
  const rest = agreeUnit(parsed.rest, shownLargest);
  return { text: amount + rest, amount, rest };
}
