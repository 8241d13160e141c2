import Papa from 'papaparse';

/**
 * CSV for a spreadsheet: a cell whose first meaningful character is `=`, `+`, `-` or `@` gets a
 * leading apostrophe, so it is shown as text and never run as a formula (OWASP's advice on CSV
 * injection). Spreadsheets skip white space (a space, a no-break space, a line feed), control and
 * format characters before reading a formula, and some read full-width `＝` `＋` `－` `＠` as the
 * ASCII ones: those are looked through (NFKC folds the full-width forms) before the check.
 */
const SKIPPED_START = /^[\s\p{Cc}\p{Cf}\p{Zs}\p{Zl}\p{Zp}]+/u;
const FORMULA_START = /^[=+\-@\u2212\ufe62\ufe63]/u;

export function neutralise(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : String(value);
  // The whole leading run is looked through, however long (a spreadsheet skips all of it), then the
  // first characters after it are folded; folding can make white space of them, looked through too.
  const start = text.replace(SKIPPED_START, '').slice(0, 16).normalize('NFKC').replace(SKIPPED_START, '');
  return FORMULA_START.test(start) ? `'${text}` : text;
}

export function toCsv<T extends object>(rows: T[], columns: (keyof T & string)[]): string {
  return Papa.unparse(
    {
      fields: columns,
      data: rows.map((row) => columns.map((c) => neutralise(row[c]))),
    },
    { newline: '\r\n', quotes: true },
  );
}

/** Offers the text as a file download (a UTF-8 byte order mark first, for spreadsheets). */
export function downloadCsv(fileName: string, csv: string) {
  const blob = new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
