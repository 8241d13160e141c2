import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { unicodeRange } from './fonts.ts';

describe('font subset', () => {
  it('app.css declares exactly the characters the subset keeps', () => {
    const css = fs.readFileSync(path.resolve(import.meta.dirname, '../../web/app/app.css'), 'utf8');
    const declared = [...css.matchAll(/unicode-range:\s*([^;]+);/g)].map((m) => m[1]!.trim());
    expect(declared).toEqual([unicodeRange()]);
  });
});
