/**
 * One cell of an exported file. A cell starting with `=`, `+`, `-`, `@`, a tab or a carriage
 * return would be run as a formula by Excel or LibreOffice (CSV injection, OWASP): it is
 * written with a leading apostrophe, which both show as text and which the import removes
 * again (import/ reads `'=…` back as `=…`), so the round trip keeps the text unchanged.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function safeCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return typeof value === 'string' && FORMULA_START.test(text) ? `'${text}` : text;
}

/** The cell as CSV: quoted when it holds the delimiter, a quote or a line break. */
export function csvCell(value: string | number | null | undefined, delimiter: string): string {
  const text = safeCell(value);
  if (text.includes(delimiter) || /["\r\n]/.test(text)) return `"${text.replace(/"/g, '""')}"`;
  return text;
}

export function csvLine(values: readonly (string | number | null)[], delimiter: string): string {
  return `${values.map((value) => csvCell(value, delimiter)).join(delimiter)}\r\n`;
}

/** Excel opens a CSV as UTF-8 only when it starts with the byte order mark. */
export const UTF8_BOM = '\uFEFF';
