/**
 * For SQLite, a value that changes whenever data changes: at once for writes through this
 * process (counted as their statements end), within OTHER_WRITERS_CHECK_MS for any other
 * process (SQLite's `data_version`). It costs next to nothing to read, which makes a
 * response cache both exact and cheap (plugins/response-cache.ts).
 */
import SqliteDatabase from 'better-sqlite3';

/**
 * How late a write by another process (not through this one) may be noticed. The API's own
 * writes are noticed at once.
 */
export const OTHER_WRITERS_CHECK_MS = 50;

export interface ChangeCounter {
  /** The current value; read on every cached answer, so it must stay cheap. */
  current(): string;
  /** A statement that may have written has ended. */
  noteWrite(): void;
  close(): void;
}

export function changeCounter(filename: string): ChangeCounter {
  let ownWrites = 0;
  // The statements run in worker threads; `data_version` is read here, synchronously, on a
  // connection of its own that never reads data. It moves on every commit by another
  // connection, the writer thread's included, so it is read again after each own write:
  // that folds the write into one change rather than two.
  const watcher =
    filename === ':memory:' || filename === '' ? undefined : new SqliteDatabase(filename);
  const dataVersionStatement = watcher?.prepare('pragma data_version').pluck();
  let dataVersion = 0;
  let dataVersionReadAt = -Infinity;

  return {
    current(): string {
      const now = performance.now();
      if (dataVersionStatement && now - dataVersionReadAt >= OTHER_WRITERS_CHECK_MS) {
        dataVersion = dataVersionStatement.get() as number;
        dataVersionReadAt = now;
      }
      return `${ownWrites}:${dataVersion}`;
    },
    noteWrite(): void {
      ownWrites += 1;
      dataVersionReadAt = -Infinity;
    },
    close(): void {
      watcher?.close();
    },
  };
}
