import Papa from 'papaparse';

/**
 * CSV for a spreadsheet: a cell that starts with `=`, `+`, `-` or `@` (or a tab or carriage return,
 * which some spreadsheets skip before reading a formula) gets a leading apostrophe, so it is shown
 * as text and never run as a formula (OWASP's advice on CSV injection).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralise(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
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
