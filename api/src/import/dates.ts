/**
 * Dates as spreadsheets write them: `yyyy-MM-dd`, `dd/MM/yyyy`, `dd-MM-yyyy`, `dd.MM.yyyy`
 * (and Excel date cells, already `yyyy-MM-dd` from read.ts). `03/04/2025` could be either
 * order: one order is chosen for the whole file (day first, unless some date of the file can
 * only be month first), shown in the preview, and applied to every row.
 */
export type DateOrder = 'day-first' | 'month-first';

const NUMERIC = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

export function chooseDateOrder(values: Iterable<string>): DateOrder {
  let dayFirst = false;
  let monthFirst = false;
  for (const value of values) {
    const match = NUMERIC.exec(value.trim());
    if (!match) continue;
    if (Number(match[1]) > 12) dayFirst = true;
    else if (Number(match[2]) > 12) monthFirst = true;
  }
  return monthFirst && !dayFirst ? 'month-first' : 'day-first';
}

/** The date as `yyyy-MM-dd` text, or the value unchanged for the API's own check to judge. */
export function normaliseDate(value: string, order: DateOrder): string {
  const text = value.trim();
  const match = NUMERIC.exec(text);
  if (!match) return text;
  const [day, month] = order === 'day-first' ? [match[1], match[2]] : [match[2], match[1]];
  return `${match[3]}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}
