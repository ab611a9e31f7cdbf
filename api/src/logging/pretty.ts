/**
 * The readable terminal of `npm start` (LOG_FORMAT=pretty, the default when standard output is
 * a terminal): one short line per record, `HH:MM:ss INFO: message key=value`, an error's stack
 * below its line, and a mail that was not sent as a block (mail-block.ts). LOG_FORMAT=json
 * (CI, production) never comes here: pino's own JSON lines go out as they always did.
 */
import { prettyFactory } from 'pino-pretty';
import { isUnsentMailRecord, mailBlock } from './mail-block';

/** Where the formatted lines go: process.stdout, or a test's collector. */
export interface LineSink {
  write(chunk: string): unknown;
}

/** Keys every record carries, shown by pino-pretty itself or below the line (`err`). */
const SHOWN_ELSEWHERE = new Set(['level', 'time', 'pid', 'hostname', 'reqId', 'err', 'msg']);

/** pino's serialised error: `{ type, message, stack }`. */
function stackOf(error: unknown): string | undefined {
  const { stack, message } = (error ?? {}) as { stack?: unknown; message?: unknown };
  const text = typeof stack === 'string' ? stack : typeof message === 'string' ? message : '';
  return text ? text.replace(/^/gm, '    ') : undefined;
}

function inline(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The text after the time and level: the message, then the record's own fields inline. */
export function describeRecord(record: Record<string, unknown>): string {
  const message = String(record.msg ?? '');
  if (isUnsentMailRecord(record)) return mailBlock(record.mail, message);
  const fields = Object.entries(record)
    .filter(([key]) => !SHOWN_ELSEWHERE.has(key))
    .map(([key, value]) => `${key}=${inline(value)}`);
  const line = [message, ...fields].filter(Boolean).join(' ');
  const stack = stackOf(record.err);
  return stack ? `${line}\n${stack}` : line;
}

/**
 * A pino destination that writes readable lines to `out`, synchronously (no worker thread:
 * the terminal of one person's `npm start` is not a hot path, and a crash loses no line).
 */
export function prettyDestination(
  out: LineSink = process.stdout,
  colorize = out === process.stdout && Boolean(process.stdout.isTTY) && !process.env.NO_COLOR,
): LineSink {
  const prettify = prettyFactory({
    colorize,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
    // describeRecord writes the fields inline and an error's stack below its line.
    hideObject: true,
    messageFormat: (record) => describeRecord(record as Record<string, unknown>),
  });
  return { write: (line: string) => out.write(prettify(line)) };
}
