/**
 * Dates as spreadsheets write them: `yyyy-MM-dd`, `dd/MM/yyyy`, `dd-MM-yyyy`, `dd.MM.yyyy`
 * (and Excel date cells, already `yyyy-MM-dd` from read.ts). `03/04/2025` could be either
 * order: one order is chosen for the whole file (day first, unless some date of the file can
 * only be month first), shown in the preview, and applied to every row.
 */
export type DateOrder = 'day-first' | 'month-first';

const NUMERIC = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

/** What a file's dates say about their order, gathered chunk by chunk (the file is never whole). */
export class DateOrderEvidence {
  #dayFirst = false;
  #monthFirst = false;

  add(values: Iterable<string>): void {
    for (const value of values) {
      const match = NUMERIC.exec(value.trim());
      if (!match) continue;
      if (Number(match[1]) > 12) this.#dayFirst = true;
      else if (Number(match[2]) > 12) this.#monthFirst = true;
    }
  }

  /** Day first, unless some date can only be month first and none only day first. */
  get order(): DateOrder {
    return this.#monthFirst && !this.#dayFirst ? 'month-first' : 'day-first';
  }
}

export function chooseDateOrder(values: Iterable<string>): DateOrder {
  const evidence = new DateOrderEvidence();
  evidence.add(values);
  return evidence.order;
}

/** The date as `yyyy-MM-dd` text, or the value unchanged for the API's own check to judge. */
export function normaliseDate(value: string, order: DateOrder): string {
  const text = value.trim();
  const match = NUMERIC.exec(text);
  if (!match) return text;
  const [day, month] = order === 'day-first' ? [match[1], match[2]] : [match[2], match[1]];
  return `${match[3]}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}
