import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * What the library benches share (static-libraries.ts, multipart-libraries.ts): the libraries,
 * installed beside the product or in LIBS_DIR, the command line's options and deterministic data.
 */
export const ROOT = path.resolve(import.meta.dirname, '../..');
export const libs = createRequire(
  path.join(process.env.LIBS_DIR ? path.resolve(process.env.LIBS_DIR) : ROOT, 'package.json'),
);
export const args = process.argv.slice(2);
export const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};

/** Deterministic text that compresses like a minified bundle does (not like a run of one byte). */
export function text(bytes: number, seed: number): string {
  const words = [
    'const',
    'return',
    'function',
    'useState',
    'props',
    'children',
    'null',
    'e',
    't',
    'n',
    'r',
    '=>',
    '{',
    '}',
    '(',
    ')',
    'className',
    '"div"',
    'jsx',
    'await',
    'if',
    'else',
    '0',
    '1',
    '.map',
    '.filter',
  ];
  let x = seed;
  let out = '';
  while (out.length < bytes) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    out += words[x % words.length] + (x % 7 === 0 ? ';' : ' ');
  }
  return out.slice(0, bytes);
}
/** Deterministic bytes that do not compress (a photo, a film). */
export function bytes(n: number, seed: number): Buffer {
  const b = Buffer.alloc(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    b[i] = x >> 16;
  }
  return b;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
