/**
 * Streams a list as CSV (UTF-8 with BOM, `,` or `;`) or .xlsx (exceljs's streaming writer):
 * rows are written batch by batch as the database yields them and the response's
 * back-pressure is respected, so a million rows never sit in memory.
 */
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { csvLine, safeCell, UTF8_BOM } from './cells';

export type ExportFormat = 'csv' | 'xlsx';

export interface ExportColumn {
  /** The header, exactly the name the import matches first (import/fields.ts). */
  header: string;
  /** The row's key in the batch. */
  key: string;
}

type Cell = string | number | null;

function cellsOf(row: Record<string, unknown>, columns: readonly ExportColumn[]): Cell[] {
  return columns.map(({ key }) => {
    const value = row[key];
    if (value === null || value === undefined) return null;
    return typeof value === 'number' ? value : String(value);
  });
}

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export function exportStream(
  format: ExportFormat,
  columns: readonly ExportColumn[],
  batches: AsyncIterable<Record<string, unknown>[]>,
  delimiter = ',',
): Readable {
  if (format === 'csv') {
    return Readable.from(
      (async function* () {
        yield (
          UTF8_BOM +
          csvLine(
            columns.map((column) => column.header),
            delimiter,
          )
        );
        for await (const rows of batches) {
          let chunk = '';
          for (const row of rows) chunk += csvLine(cellsOf(row, columns), delimiter);
          yield chunk;
        }
      })(),
    );
  }
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = workbook.addWorksheet('Export');
  void (async () => {
    try {
      sheet.addRow(columns.map((column) => column.header)).commit();
      for await (const rows of batches) {
        for (const row of rows) {
          sheet.addRow(cellsOf(row, columns).map((cell) => safeCell(cell))).commit();
        }
        // The zip is written to `out`: wait while the client is slower than the database.
        if (out.writableNeedDrain) await new Promise((resolve) => out.once('drain', resolve));
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return out;
}
