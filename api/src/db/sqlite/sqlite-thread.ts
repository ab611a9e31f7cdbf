/**
 * The main thread's end of one SQLite connection running in a worker thread (worker.cjs):
 * posts statements, matches answers to them, and turns a failed statement back into an
 * error carrying SQLite's code (`SQLITE_CONSTRAINT_UNIQUE`…), which callers test.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';

export type ThreadRole = 'writer' | 'reader';

/**
 * SQLite's `synchronous` in WAL mode (SQLITE_SYNCHRONOUS, docs/scaling.md "Durability"):
 * `full` syncs the WAL to disk at every commit, so a commit that answered survives a power
 * loss; `normal` syncs only at checkpoints, so a power loss (not a crash of the process) may
 * take back the last commits.
 */
export type SqliteSynchronous = 'full' | 'normal';

export interface StatementResult {
  rows?: unknown[];
  changes?: number | bigint;
  lastInsertRowid?: number | bigint;
}

interface Answer {
  id: number;
  /** Rows as arrays of values, in the order of `columns` (worker.cjs says why). */
  columns?: string[];
  values?: unknown[][];
  changes?: number | bigint;
  lastInsertRowid?: number | bigint;
  error?: { name: string; message: string; code?: string };
}

interface Pending {
  resolve(result: StatementResult): void;
  reject(error: Error): void;
}

const WORKER_FILE = path.join(__dirname, 'worker.cjs');

/**
 * A thread would inherit the process's flags, `--import tsx` included: loading tsx made a
 * thread take 0.7 to 1.9 s instead of 0.25 to 0.5 s to answer its first statement (loaded
 * machine), for a file that needs no compiling. Only the profiler's flags are passed on, so
 * that `--cpu-prof` profiles the threads too (docs/scaling.md).
 */
const THREAD_EXEC_ARGV = process.execArgv.filter((flag) => flag.startsWith('--cpu-prof'));

/** The rows as objects keyed by column name, as better-sqlite3 returns them by default. */
function rowsOf(columns: string[], values: unknown[][]): Record<string, unknown>[] {
  const rows = new Array<Record<string, unknown>>(values.length);
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index];
    const row: Record<string, unknown> = {};
    for (let column = 0; column < columns.length; column += 1) row[columns[column]] = value[column];
    rows[index] = row;
  }
  return rows;
}

/** An error of SQLite, as better-sqlite3 would have thrown it on this thread. */
function sqliteError({ name, message, code }: NonNullable<Answer['error']>): Error {
  const error = new Error(message) as Error & { code?: string };
  error.name = name;
  if (code !== undefined) error.code = code;
  return error;
}

export class SqliteThread {
  readonly #filename: string;
  readonly #role: ThreadRole;
  readonly #synchronous: SqliteSynchronous;
  /** A file can be opened again after the thread died; a `:memory:` database died with it. */
  readonly #restartable: boolean;
  #worker: Worker | undefined;
  #pending = new Map<number, Pending>();
  /** Statements waiting for the end of this turn of the event loop (#flush). */
  #batch: (object & { id: number })[] = [];
  #nextId = 1;
  #closing: Promise<void> | undefined;
  #lost: Error | undefined;

  constructor(filename: string, role: ThreadRole, synchronous: SqliteSynchronous = 'full') {
    this.#filename = filename;
    this.#role = role;
    this.#synchronous = synchronous;
    this.#restartable = filename !== ':memory:' && filename !== '';
  }

  /** Statements posted and not answered yet: readers are picked by it. */
  get queued(): number {
    return this.#pending.size;
  }

  /** `guard`: if it fails, the thread refuses its transaction's COMMIT (worker.cjs). */
  run(sql: string, parameters: readonly unknown[], guard = false): Promise<StatementResult> {
    return this.#post(guard ? { sql, parameters, guard } : { sql, parameters });
  }

  /**
   * Statements run one after the other as one item of the batch, answered once with no rows,
   * and guarded: the first failure stops them and refuses the transaction's COMMIT
   * (worker.cjs). For deferred statements whose results nobody reads (worker-driver.ts):
   * one promise and one answer for all of them.
   */
  runGuarded(statements: readonly { sql: string; parameters: readonly unknown[] }[]) {
    return this.#post({ statements, guard: true });
  }

  /** Ends the connection's transaction if it still has one (after a failed COMMIT, say). */
  rollback(): Promise<StatementResult> {
    return this.#post({ rollback: true });
  }

  /** Closes the connection and waits for the thread to end. */
  close(): Promise<void> {
    this.#closing ??= this.#closeWorker();
    return this.#closing;
  }

  async #closeWorker(): Promise<void> {
    const worker = this.#worker;
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    // Queued after every statement already posted, so those are answered first.
    this.#send(worker, { close: true }).catch(() => undefined);
    await exited;
  }

  #post(message: object): Promise<StatementResult> {
    if (this.#closing) return Promise.reject(new Error('The database is closed'));
    if (this.#lost) return Promise.reject(this.#lost);
    return this.#send(this.#worker ?? this.#start(), message);
  }

  #send(worker: Worker, message: object): Promise<StatementResult> {
    const id = this.#nextId++;
    return new Promise<StatementResult>((resolve, reject) => {
      // The thread keeps the process alive only while it owes an answer: an idle database
      // never holds a process open, and one awaiting a statement is never cut short.
      if (this.#pending.size === 0) worker.ref();
      this.#pending.set(id, { resolve, reject });
      this.#batch.push({ ...message, id });
      if (this.#batch.length === 1) setImmediate(() => this.#flush(worker));
    });
  }

  /**
   * Posts the statements of this turn of the event loop in one message. A postMessage is a
   * wake-up of the other thread, and under load it was the main thread's largest cost after
   * Kysely (docs/scaling.md); requests served in one turn share it.
   */
  #flush(worker: Worker): void {
    const batch = this.#batch;
    this.#batch = [];
    // The thread stopped meanwhile: #stopped has rejected these statements already.
    if (batch.length === 0 || this.#worker !== worker) return;
    try {
      worker.postMessage(batch);
    } catch {
      // Parameters that cannot be cloned (a function, say): post each on its own, so that
      // only the statement at fault fails.
      for (const message of batch) {
        try {
          worker.postMessage([message]);
        } catch (error) {
          this.#answer(worker, {
            id: message.id,
            error: { name: 'TypeError', message: (error as Error).message },
          });
        }
      }
    }
  }

  #answer(worker: Worker, answer: Answer): void {
    const pending = this.#pending.get(answer.id);
    if (!pending) return;
    this.#pending.delete(answer.id);
    // Closing, it stays referenced until it has ended (close() awaits its exit).
    if (this.#pending.size === 0 && !this.#closing) worker.unref();
    if (answer.error) pending.reject(sqliteError(answer.error));
    else if (answer.columns && answer.values)
      pending.resolve({ rows: rowsOf(answer.columns, answer.values) });
    else pending.resolve(answer);
  }

  #start(): Worker {
    const worker = new Worker(WORKER_FILE, {
      workerData: { filename: this.#filename, role: this.#role, synchronous: this.#synchronous },
      execArgv: THREAD_EXEC_ARGV,
    });
    worker.unref();
    worker.on('message', (answers: Answer[]) => {
      for (const answer of answers) this.#answer(worker, answer);
    });
    // A failure of the thread itself (not of a statement, which is answered as an error):
    // whoever waits on it gets an error; the process goes on.
    worker.on('error', (error) => this.#stopped(worker, error));
    worker.on('exit', (code) =>
      this.#stopped(worker, new Error(`The SQLite ${this.#role} thread stopped (exit ${code})`)),
    );
    this.#worker = worker;
    return worker;
  }

  #stopped(worker: Worker, error: Error): void {
    if (this.#worker !== worker) return;
    this.#worker = undefined;
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    this.#batch = [];
    for (const { reject } of pending) reject(error);
    // Its transaction, if any, ended with its connection. A file is opened again by the
    // next statement; an in-memory database is gone, and saying so beats an empty one.
    if (!this.#restartable && !this.#closing) this.#lost = error;
  }
}
