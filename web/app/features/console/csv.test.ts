import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { neutralise, toCsv } from './csv.ts';

describe('CSV export', () => {
  it.each([
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+1 555 0100', "'+1 555 0100"],
    ['-2', "'-2"],
    ['@cmd', "'@cmd"],
    ['\t=1', "'\t=1"],
    [' =1+2', "' =1+2"],
    ['\u00a0=1', "'\u00a0=1"],
    ['\n=1', "'\n=1"],
    ['\r\n@SUM(1)', "'\r\n@SUM(1)"],
    ['\u0001=1', "'\u0001=1"],
    ['\u200b=1', "'\u200b=1"],
    ['\u3000+1', "'\u3000+1"],
    ['\uff1dHYPERLINK("http://evil.test")', '\'\uff1dHYPERLINK("http://evil.test")'],
    ['  +1', "'  +1"],
    ['\uff0b1', "'\uff0b1"],
    ['\uff20x', "'\uff20x"],
    ['plain', 'plain'],
    [' plain', ' plain'],
    ['Ｈello', 'Ｈello'],
    ['a=b', 'a=b'],
    // However long the leading run (issue 38, F11: 70 spaces passed before).
    [`${' '.repeat(70)}=HYPERLINK("http://evil.test")`, `'${' '.repeat(70)}=HYPERLINK("http://evil.test")`],
    [`${'\u00a0\t'.repeat(5000)}\uff1d1`, `'${'\u00a0\t'.repeat(5000)}\uff1d1`],
    [`${' '.repeat(70)}plain`, `${' '.repeat(70)}plain`],
  ])('neutralises %j as %j', (input, output) => {
    expect(neutralise(input)).toBe(output);
  });

  it('parses back to the same rows, commas, quotes and line breaks included', () => {
    const rows = [
      { name: 'Ada, Countess', note: 'She said "hi"\nthen left', guests: 12, empty: null },
      { name: '=HYPERLINK("x")', note: '', guests: 1, empty: null },
    ];
    const csv = toCsv(rows, ['name', 'note', 'guests', 'empty']);
    const parsed = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;
    expect(parsed).toEqual([
      ['name', 'note', 'guests', 'empty'],
      ['Ada, Countess', 'She said "hi"\nthen left', '12', ''],
      ['\'=HYPERLINK("x")', '', '1', ''],
    ]);
  });
});
