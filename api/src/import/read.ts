/**
 * An uploaded file → a header row and data rows of text cells. CSV: decoded (decode.ts), its
 * delimiter (`,`, `;` or tab) detected from the header line, parsed by csv-parse (quotes,
 * quotes inside quotes, CRLF and LF mixed) twice, as a stream: once to check it and count
 * its rows, then again a batch at a time as the rows are stored, so a 50,000-row file's rows are never all
 * held as arrays of strings at once (they were the server's peak memory in
 * bench/import-bench.ts). Excel: exceljs, the first sheet or the chosen one,
 * after checking the zip would not unpack to more than a limit (a zip bomb is refused before
 * anything is inflated). Date cells become `yyyy-MM-dd`; formula cells are kept as the
 * formula's text, never run.
 */
import { Readable } from 'node:stream';
import { parse as parseStream, type Options as CsvOptions } from 'csv-parse';
import ExcelJS from 'exceljs';
import { DateTime } from 'luxon';
import { decodeText, FileError } from './decode';

export interface ReadFile {
  headers: string[];
  /** Data rows, empty ones left out. */
  rowCount: number;
  /** The data rows in order, at most `size` at a time. */
  rowBatches(size: number): AsyncIterable<string[][]>;
  sheets: string[];
  sheet: string | null;
  encoding: string | null;
  delimiter: string | null;
}

/** The export writes `'` before a cell Excel would run (export/cells.ts); read back, it goes. */
const ESCAPED_FORMULA = /^'[=+\-@\t\r]/;

function unescapeCell(text: string): string {
  return ESCAPED_FORMULA.test(text) ? text.slice(1) : text;
}

export function detectDelimiter(text: string): string {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  let best = ',';
  let bestCount = 0;
  for (const candidate of [',', ';', '\t']) {
    // Outside quotes only: a quoted "Müller; Sr" says nothing about the delimiter.
    const count = firstLine.replace(/"[^"]*"/g, '').split(candidate).length - 1;
    if (count > bestCount) {
      best = candidate;
      bestCount = count;
    }
  }
  return best;
}

function csvOptions(delimiter: string): CsvOptions {
  return {
    delimiter,
    relax_column_count: true,
    // `=HYPERLINK("…")` unquoted: its quotes are text, as Excel reads them.
    relax_quotes: true,
    // CRLF and LF mixed in one file (rows pasted from another program).
    record_delimiter: ['\r\n', '\n', '\r'],
    skip_empty_lines: true,
    bom: true,
  };
}

const isBlank = (row: readonly string[]) => row.every((cell) => cell.trim() === '');

/** Characters of the text handed to the streaming parser at a time: it parses no further ahead. */
const CSV_PIECE_CHARS = 64 * 1024;

/** The text in pieces, never cutting a UTF-16 surrogate pair (a character beyond U+FFFF) in two. */
function* piecesOf(text: string): Generator<string> {
  for (let start = 0; start < text.length;) {
    let end = Math.min(start + CSV_PIECE_CHARS, text.length);
    const last = text.charCodeAt(end - 1);
    if (last >= 0xd800 && last <= 0xdbff && end < text.length) end += 1;
    yield text.slice(start, end);
    start = end;
  }
}

/**
 * Every record of the CSV, the header row first, parsed as they are asked for. The text goes
 * to the parser in pieces, not at once: a Transform pushes every record of a chunk it is
 * given, so one write of the whole file would queue all its rows.
 */
async function* csvRecords(text: string, delimiter: string): AsyncGenerator<string[]> {
  const records = Readable.from(piecesOf(text)).pipe(parseStream(csvOptions(delimiter)));
  try {
    yield* records as AsyncIterable<string[]>;
  } catch (error) {
    throw new FileError(`This CSV file cannot be read: ${(error as Error).message}`);
  }
}

/** The CSV's data rows (the header row and blank rows left out), `size` at a time. */
async function* csvRowBatches(
  text: string,
  delimiter: string,
  size: number,
): AsyncGenerator<string[][]> {
  let batch: string[][] = [];
  let header = true;
  for await (const record of csvRecords(text, delimiter)) {
    if (header) {
      header = false;
      continue;
    }
    if (isBlank(record)) continue;
    batch.push(record.map(unescapeCell));
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

export async function readCsv(bytes: Buffer): Promise<ReadFile> {
  const { text, encoding } = decodeText(bytes);
  const delimiter = detectDelimiter(text);
  // The first pass keeps only the header row and a count: each record is dropped as it is read.
  let headers: string[] | undefined;
  let rowCount = 0;
  for await (const record of csvRecords(text, delimiter)) {
    if (headers === undefined) headers = record;
    else if (!isBlank(record)) rowCount += 1;
  }
  return {
    headers: (headers ?? []).map((header) => header.trim()),
    rowCount,
    rowBatches: (size) => csvRowBatches(text, delimiter, size),
    sheets: [],
    sheet: null,
    encoding,
    delimiter,
  };
}

/**
 * The total the zip says its entries unpack to, from its central directory, read without
 * inflating anything. Not a zip at all: a file error.
 */
export function unpackedSize(bytes: Buffer): number {
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (bytes.readUInt32LE(0) !== 0x04034b50 || end < 0 || end + 22 > bytes.length) {
    throw new FileError('This file is not an Excel (.xlsx) file. Save it as .xlsx or CSV.');
  }
  const entries = bytes.readUInt16LE(end + 10);
  let offset = bytes.readUInt32LE(end + 16);
  let total = 0;
  for (let index = 0; index < entries; index += 1) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== 0x02014b50) {
      throw new FileError('This Excel file is damaged. Save it again and try again.');
    }
    total += bytes.readUInt32LE(offset + 24);
    offset +=
      46 +
      bytes.readUInt16LE(offset + 28) +
      bytes.readUInt16LE(offset + 30) +
      bytes.readUInt16LE(offset + 32);
  }
  return total;
}

function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    // Excel stores a date cell as a day count; exceljs gives it as UTC midnight of that day.
    return DateTime.fromJSDate(value, { zone: 'utc' }).toISODate() ?? '';
  }
  if (typeof value === 'object') {
    if ('formula' in value || 'sharedFormula' in value) {
      const formula = (value as { formula?: string; sharedFormula?: string }).formula;
      return formula !== undefined ? `=${formula}` : String(cell.text ?? '');
    }
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value) return String((value as { text: unknown }).text);
    if ('error' in value) return String((value as { error: unknown }).error);
  }
  return unescapeCell(String(value));
}

export async function readXlsx(
  bytes: Buffer,
  sheetName: string | undefined,
  maxUnpackedBytes: number,
): Promise<ReadFile> {
  if (unpackedSize(bytes) > maxUnpackedBytes) {
    throw new FileError('This Excel file unpacks to more than the import accepts.');
  }
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new FileError('This file is not an Excel (.xlsx) file. Save it as .xlsx or CSV.');
  }
  const sheets = workbook.worksheets.map((sheet) => sheet.name);
  const sheet = sheetName ? workbook.getWorksheet(sheetName) : workbook.worksheets[0];
  if (!sheet) {
    throw new FileError(
      sheetName ? `This file has no sheet named "${sheetName}".` : 'This file has no sheet.',
    );
  }
  const records: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let column = 1; column <= row.cellCount; column += 1) {
      cells.push(cellText(row.getCell(column)));
    }
    records.push(cells);
  });
  const [headers = [], ...rest] = records;
  const rows = rest.filter((row) => !isBlank(row));
  return {
    headers: headers.map((header) => header.trim()),
    rowCount: rows.length,
    // exceljs has read the whole sheet already; its rows are handed on in slices.
    rowBatches: async function* (size) {
      for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
    },
    sheets,
    sheet: sheet.name,
    encoding: null,
    delimiter: null,
  };
}

export function isXlsx(fileName: string, bytes: Buffer): boolean {
  return /\.xlsx$/i.test(fileName) || (bytes.length > 4 && bytes.readUInt32LE(0) === 0x04034b50);
}
