/**
 * The site's two variable fonts, subset for the pages' text (issue 6: fonts self-hosted, subset and
 * preloaded). From the @fontsource-variable Latin files:
 *   - characters: printable ASCII, Latin-1 (accents such as é, ñ; ©, °, ½) and the typographic
 *     punctuation and fractions the copy and recipe quantities use; anything else falls back to
 *     the system font through `unicode-range` in web/app/app.css;
 *   - weight axis limited to what the styles use (400 to 700), which drops most of the variation data.
 * Written to web/app/generated/fonts/ (imported by app.css and root.tsx, so Vite hashes them into
 * /assets/, served immutable). Skipped when the sources and settings have not changed.
 * Run by scripts/build-media.ts (both `npm run dev` and `npm run build`).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import subsetFont from 'subset-font';

const ROOT = resolve(import.meta.dirname, '..');
const OUT = join(ROOT, 'web/app/generated/fonts');
const require = createRequire(import.meta.url);

/** Code points kept. Keep in step with the `unicode-range` of the @font-face rules in app.css. */
export const FONT_RANGES: [number, number][] = [
  [0x20, 0x7e], // ASCII
  [0xa0, 0xff], // Latin-1 supplement
  [0x2013, 0x2014], // – —
  [0x2018, 0x201e], // ‘ ’ ‚ “ ” „
  [0x2022, 0x2022], // •
  [0x2026, 0x2026], // …
  [0x20ac, 0x20ac], // €
  [0x2122, 0x2122], // ™
  [0x2150, 0x215e], // ⅐ … ⅞ (recipe quantities)
  [0x2212, 0x2212], // −
];

const FONTS = [
  { out: 'dm-sans.woff2', source: '@fontsource-variable/dm-sans/files/dm-sans-latin-wght-normal.woff2', wght: { min: 400, max: 700 } },
  { out: 'fraunces.woff2', source: '@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2', wght: { min: 400, max: 700 } },
];

const SETTINGS_VERSION = 1;

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
