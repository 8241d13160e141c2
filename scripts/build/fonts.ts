/**
 * The site's web font, subset for the pages' text (fonts are self-hosted, subset and preloaded:
 * docs/decisions/0005-paint-first.md). From the @fontsource-variable Latin file:
 *   - characters: printable ASCII, the accented letters of French, Spanish and Italian dish names
 *     (é, è, ñ, ç, œ…), and the symbols, typographic punctuation and fractions the copy and recipe
 *     quantities use (°, ½, ⅓, –, ’…); anything else (other Latin-1 letters included) falls back to
 *     the system font through `unicode-range` in web/app/app.css. Every glyph costs bytes that are
 *     preloaded on every page (decision 0005);
 *   - the weight axis fixed at one instance (below), which drops all of the variation data.
 * Written to web/app/generated/fonts/ (imported by app.css and root.tsx, so Vite hashes them into
 * /assets/, served immutable). Skipped when the sources and settings have not changed.
 * Run by scripts/build/media.ts (both `npm run dev` and `npm run build`).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import subsetFont from 'subset-font';

const ROOT = resolve(import.meta.dirname, '../..');
const OUT = join(ROOT, 'web/app/generated/fonts');
const require = createRequire(import.meta.url);

/** Code points kept. Keep in step with the `unicode-range` of the @font-face rules in app.css. */
export const FONT_RANGES: [number, number][] = [
  [0x20, 0x7e], // ASCII
  [0xa0, 0xa0], // no-break space
  [0xa9, 0xa9], // ©
  [0xb0, 0xb0], // °
  [0xb7, 0xb7], // ·
  [0xbc, 0xbe], // ¼ ½ ¾
  [0xc9, 0xc9], // É
  [0xd7, 0xd7], // ×
  [0xe0, 0xe2], // à á â
  [0xe4, 0xe4], // ä
  [0xe7, 0xeb], // ç è é ê ë
  [0xed, 0xef], // í î ï
  [0xf1, 0xf1], // ñ
  [0xf3, 0xf4], // ó ô
  [0xf6, 0xf6], // ö
  [0xf9, 0xfc], // ù ú û ü
  [0x153, 0x153], // œ
  [0x2013, 0x2014], // – —
  [0x2018, 0x201e], // ‘ ’ ‚ “ ” „
  [0x2022, 0x2022], // •
  [0x2026, 0x2026], // …
  [0x20ac, 0x20ac], // €
  [0x2122, 0x2122], // ™
  [0x2150, 0x215e], // ⅐ … ⅞ (recipe quantities)
  [0x2212, 0x2212], // −
];

/** The same ranges as CSS `unicode-range` (app.css must say exactly this; a unit test checks). */
export function unicodeRange(ranges: [number, number][] = FONT_RANGES): string {
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
  return ranges.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(', ');
}

/**
 * One web font, for display text (headings, prices, quotes): Fraunces as a static instance at
 * weight 600, 14 kB instead of 26 kB for the 400–700 axis. Body text uses the visitor's system UI
 * font. Each preloaded byte is on the critical path of every page's first paint (decision 0005).
 */
const FONTS: { out: string; source: string; wght: number | { min: number; max: number } }[] = [
  { out: 'fraunces.woff2', source: '@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2', wght: 600 },
];

const SETTINGS_VERSION = 3;

export async function buildFonts(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const text = String.fromCodePoint(...FONT_RANGES.flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, i) => a + i)));
  const sigFile = join(OUT, 'fonts.json');
  const previous: Record<string, string> = existsSync(sigFile) ? JSON.parse(readFileSync(sigFile, 'utf8')) : {};
  const next: Record<string, string> = {};
  const sizes: string[] = [];
  for (const font of FONTS) {
    const source = readFileSync(require.resolve(font.source));
    const sig = createHash('sha1')
      .update(source)
      .update(JSON.stringify({ SETTINGS_VERSION, FONT_RANGES, wght: font.wght }))
      .digest('hex');
    next[font.out] = sig;
    const target = join(OUT, font.out);
    if (previous[font.out] === sig && existsSync(target)) continue;
    const subset = await subsetFont(source, text, { targetFormat: 'woff2', variationAxes: { wght: font.wght } });
    // Parallel builds share this folder: write then rename, so nobody reads half a file.
    const tmp = `${target}.${process.pid}.tmp`;
    writeFileSync(tmp, subset);
    renameSync(tmp, target);
    sizes.push(`${font.out} ${source.length} → ${subset.length} bytes`);
  }
  const tmp = `${sigFile}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(next, null, 1) + '\n');
  renameSync(tmp, sigFile);
  console.log(sizes.length ? `fonts: ${sizes.join(', ')}` : 'fonts: up to date');
}
