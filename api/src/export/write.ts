/**
 * Streams a list as CSV (UTF-8 with BOM, `,` or `;`) or .xlsx (exceljs's streaming writer):
 * rows are written batch by batch as the database yields them and the response's
 * back-pressure is respected, so a million rows never sit in memory.
 */
import { EventEmitter } from 'node:events';
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
        // Leaving the loop ends `batches`: the client has gone, no further batch is read.
        if (!(await caughtUp([...sheetEntries(sheet), out], out))) return;
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return out;
}

/**
 * A writable stream of Node's or of the `readable-stream` package (archiver's, version 2: no
 * `writableNeedDrain`, not an `instanceof Writable`): both keep `needDrain` in their state.
 */
type Drainable = EventEmitter & { _writableState?: { needDrain?: boolean } };

/**
 * The streams the sheet's XML is written into: exceljs's own buffer (StreamBuf) hands its
 * 64 KB chunks to the zip's entry stream (archiver's PassThrough in front of the deflate)
 * without waiting for it, so a million rows would pile up there whenever the deflate or the
 * client is slower than the database (a 1,000,000-row export grew the server by 74 MB,
 * `npm run bench:export`). The writer waits for them itself.
 */
function sheetEntries(sheet: ExcelJS.Worksheet): Drainable[] {
  const buffer = (sheet as unknown as { stream?: { pipes?: unknown } }).stream;
  const pipes = Array.isArray(buffer?.pipes) ? (buffer.pipes as unknown[]) : [];
  return pipes.filter(
    (pipe): pipe is Drainable => pipe instanceof EventEmitter && '_writableState' in pipe,
  );
}

/**
 * Waits until none of `streams` holds more than its high-water mark; false if `out` is
 * destroyed meanwhile (the client disconnected), so the export stops reading.
 */
async function caughtUp(streams: Drainable[], out: PassThrough): Promise<boolean> {
  for (const stream of streams) {
    while (stream._writableState?.needDrain === true && !out.destroyed) {
      await new Promise<void>((resolve) => {
        const done = () => {
          stream.off('drain', done);
          out.off('close', done);
          resolve();
        };
        stream.once('drain', done);
        out.once('close', done);
      });
    }
  }
  return !out.destroyed;
}
