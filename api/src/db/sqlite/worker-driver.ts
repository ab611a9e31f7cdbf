/**
 * A Kysely dialect for SQLite whose statements run in worker threads, so that the event loop
 * only posts SQL and parameters and receives rows (docs/scaling.md, "SQLite off the event
 * loop"). Kysely's own SqliteDriver runs better-sqlite3 on the calling thread: every
 * statement held the event loop, and at 50 connections the p99 was the queue behind it.
 *
 * - One writer thread runs every statement that is not a SELECT, and every statement of a
 *   transaction: a transaction pins it from BEGIN to COMMIT/ROLLBACK, and writes outside the
 *   transaction wait for it (as Kysely's ConnectionMutex made them).
 * - Reader threads run SELECTs outside transactions, beside the writer (WAL): they see what
 *   is committed, never a transaction's uncommitted rows.
 * - `:memory:` is private to its connection, so there one thread runs everything (readers:
 *   0), and every SELECT waits for a transaction like a write does.
 */
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import { DEFERRED_STATEMENT } from '../postgres-client';
import { SqliteThread, type SqliteSynchronous, type StatementResult } from './sqlite-thread';

export interface SqliteWorkerOptions {
  filename: string;
  /** Reader threads; 0 makes the writer run everything (the only choice for `:memory:`). */
  readers: number;
  /** `full` (default): every commit on disk before it answers; see SqliteSynchronous. */
  synchronous?: SqliteSynchronous;
  /** Called once each statement that may have written has ended (the change counter). */
  onWrite?: () => void;
  /** Called by `destroy`, after the threads are closed. */
  onDestroy?: () => void;
}

const SELECT = /^\s*select\b/i;

/** A first-come first-served lock: the writer belongs to one transaction at a time. */
class WriterLock {
  #held = false;
  #waiting: (() => void)[] = [];

  acquire(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }
}

function toQueryResult<R>(result: StatementResult): QueryResult<R> {
  return {
    rows: (result.rows ?? []) as R[],
    numAffectedRows: result.changes === undefined ? undefined : BigInt(result.changes),
    insertId: result.lastInsertRowid === undefined ? undefined : BigInt(result.lastInsertRowid),
  };
}

/**
 * Several statements sent as one query (`runTogether`): the connection posts them in the same
 * turn of the event loop, so they reach the writer thread in one message and run one after
 * the other there. Kysely runs a transaction's queries one at a time, each awaiting the
 * previous answer, so without this each statement is a message to the thread and back.
 */
interface Together extends CompiledQuery {
  together: readonly CompiledQuery[];
  /** Posted with the transaction's next statement or its COMMIT, not now (runTogether). */
  deferred?: boolean;
}

/**
 * Runs `queries` in order and answers each one's result. On SQLite (this driver) they travel
 * to the writer thread in one message: a statement that fails does not stop the next ones,
 * so use it inside a transaction, which the failure then rolls back. Elsewhere (PostgreSQL)
 * they run one after the other.
 *
 * `deferred` (inside a transaction): answers at once, with no results. On SQLite the
 * statements are posted just before the transaction's next statement or its COMMIT, in the
 * same message. If one of them fails, the writer thread refuses that COMMIT (worker.cjs, with
 * the failure's message and code) and the transaction is rolled back: nothing of it is kept.
 * On PostgreSQL they are held until the transaction's next statement: a statement the
 * connection has prepared goes inside its COMMIT's message (`execute <name>(…); commit`),
 * anything else is sent pipelined just before that next statement (db/postgres-client.ts); a
 * failure aborts the transaction and is reported by that next statement. For writes whose results nobody reads
 * and whose failure must undo the transaction (the activity history's append): they then
 * cost no round trip of their own.
 */
export async function runTogether<R = Record<string, unknown>>(
  db: Kysely<any>, // eslint-disable-line @typescript-eslint/no-explicit-any -- any schema
  queries: readonly CompiledQuery[],
  options: { deferred?: boolean } = {},
): Promise<QueryResult<R>[]> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    // PostgreSQL (postgres-client.ts): deferred, each is held by the client and travels with
    // the transaction's next statement or its COMMIT, which reports a failure.
    const deferred = options.deferred === true && db.isTransaction;
    const results: QueryResult<R>[] = [];
    for (const query of queries) {
      const sent = deferred ? { ...query, sql: `${query.sql}${DEFERRED_STATEMENT}` } : query;
      results.push(await db.executeQuery<R>(sent));
    }
    return results;
  }
  const together: Together = {
    ...CompiledQuery.raw('/* together */', []),
    together: queries,
    deferred: options.deferred,
  };
  const { rows } = await db.executeQuery<QueryResult<R>>(together);
  return rows;
}

class WorkerConnection implements DatabaseConnection {
  readonly #driver: SqliteWorkerDriver;
  /** True from BEGIN to COMMIT/ROLLBACK: this connection owns the writer. */
  inTransaction = false;
  /** Deferred statements of the transaction not posted yet (runTogether). */
  #deferred: CompiledQuery[] = [];

  constructor(driver: SqliteWorkerDriver) {
    this.#driver = driver;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const { together, deferred } = query as Partial<Together>;
    if (together && deferred && this.inTransaction) {
      this.#deferred.push(...together);
      return { rows: [] };
    }
    this.postDeferred();
    if (together) {
      const results = await Promise.all(
        together.map(({ sql, parameters }) =>
          this.inTransaction
            ? this.#driver.onWriter(sql, parameters)
            : this.#driver.outsideTransaction(sql, parameters),
        ),
      );
      return { rows: results.map((result) => toQueryResult(result)) as R[] };
    }
    const { sql, parameters } = query;
    const result = this.inTransaction
      ? await this.#driver.onWriter(sql, parameters)
      : await this.#driver.outsideTransaction(sql, parameters);
    return toQueryResult<R>(result);
  }

  /**
   * Posts the deferred statements now, synchronously, so whatever is posted next (a
   * statement, the COMMIT) runs after them, in the same message. Their failure is reported
   * by the refused COMMIT, not here.
   */
  postDeferred(): void {
    const deferred = this.#deferred;
    if (deferred.length === 0) return;
    this.#deferred = [];
    this.#driver.onWriterGuarded(deferred).catch(() => undefined);
  }

  /** A rolled back transaction's deferred statements are never posted. */
  dropDeferred(): void {
    this.#deferred = [];
  }

  async *streamQuery<R>(
    query: CompiledQuery,
    chunkSize = 100,
  ): AsyncIterableIterator<QueryResult<R>> {
    // Rows cross the thread boundary together anyway; the chunks only keep Kysely's contract.
    const { rows } = await this.executeQuery<R>(query);
    for (let start = 0; start < rows.length; start += chunkSize) {
      yield { rows: rows.slice(start, start + chunkSize) };
    }
  }
}

export class SqliteWorkerDriver implements Driver {
  readonly #options: SqliteWorkerOptions;
  readonly #writer: SqliteThread;
  readonly #readers: SqliteThread[];
  readonly #writerLock = new WriterLock();

  constructor(options: SqliteWorkerOptions) {
    this.#options = options;
    this.#writer = new SqliteThread(options.filename, 'writer', options.synchronous);
    this.#readers = Array.from(
      { length: options.readers },
      () => new SqliteThread(options.filename, 'reader', options.synchronous),
    );
  }

  async init(): Promise<void> {
    // Threads start with their first statement: the writer's sets up WAL before any reader
    // opens the file (readers only start once a SELECT arrives, after the writer's first).
    await this.#writer.run('select 1', []);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    // Connections are free: the threads are shared, and a transaction takes the writer.
    return new WorkerConnection(this);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const worker = connection as WorkerConnection;
    await this.#writerLock.acquire();
    worker.inTransaction = true;
    try {
      // IMMEDIATE: the write lock is taken now, so another process writing meanwhile makes
      // BEGIN wait (busy_timeout) instead of failing the transaction's first write.
      await this.onWriter('begin immediate', []);
    } catch (error) {
      this.#endTransaction(worker);
      throw error;
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    // A failed COMMIT leaves the transaction open; Kysely then calls rollbackTransaction.
    (connection as WorkerConnection).postDeferred();
    await this.onWriter('commit', []);
    this.#endTransaction(connection as WorkerConnection);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as WorkerConnection).dropDeferred();
    try {
      await this.#rollback();
    } finally {
      this.#endTransaction(connection as WorkerConnection);
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const worker = connection as WorkerConnection;
    // A transaction neither committed nor rolled back must not keep the writer.
    if (worker.inTransaction) await this.rollbackTransaction(worker);
  }

  async destroy(): Promise<void> {
    try {
      // The readers first, the writer last: SQLite checkpoints the WAL and removes it only
      // when the connection closing last gets the file to itself. Closed together, each
      // could see another still open, and the WAL was left behind (9 closes in 1,900 measured).
      await Promise.all(this.#readers.map((thread) => thread.close()));
      await this.#writer.close();
    } finally {
      this.#options.onDestroy?.();
    }
  }

  /**
   * A statement of a transaction (or one that holds the writer lock already). `guard`: if it
   * fails, the writer thread refuses the transaction's COMMIT (a deferred statement).
   */
  onWriter(sql: string, parameters: readonly unknown[], guard = false): Promise<StatementResult> {
    const running = this.#writer.run(sql, parameters, guard);
    if (SELECT.test(sql)) return running;
    return this.#countWrite(running);
  }

  /**
   * Deferred statements of a transaction, posted as one item (SqliteThread.runGuarded): if
   * one fails, the writer thread refuses the transaction's COMMIT. Posting each on its own
   * (a promise, an answer and a write's count each) was a tenth of the CPU time the activity
   * history added to the API thread (docs/activity.md).
   */
  onWriterGuarded(statements: readonly CompiledQuery[]): Promise<StatementResult> {
    // Only the text and values cross to the thread, not the queries' operation trees.
    const posted = statements.map(({ sql, parameters }) => ({ sql, parameters }));
    return this.#countWrite(this.#writer.runGuarded(posted));
  }

  /** A statement on its own: a SELECT to the least busy reader, anything else to the writer. */
  async outsideTransaction(sql: string, parameters: readonly unknown[]): Promise<StatementResult> {
    if (this.#readers.length > 0 && SELECT.test(sql)) {
      let reader = this.#readers[0];
      for (const other of this.#readers) if (other.queued < reader.queued) reader = other;
      return reader.run(sql, parameters);
    }
    await this.#writerLock.acquire();
    try {
      return await this.onWriter(sql, parameters);
    } finally {
      this.#writerLock.release();
    }
  }

  #rollback(): Promise<StatementResult> {
    return this.#countWrite(this.#writer.rollback());
  }

  #countWrite(running: Promise<StatementResult>): Promise<StatementResult> {
    const { onWrite } = this.#options;
    if (!onWrite) return running;
    return running.finally(onWrite);
  }

  #endTransaction(connection: WorkerConnection): void {
    if (!connection.inTransaction) return;
    connection.inTransaction = false;
    this.#writerLock.release();
  }
}

/** Kysely's SQLite dialect with the worker driver in place of the in-thread one. */
export class SqliteWorkerDialect implements Dialect {
  readonly #driver: SqliteWorkerDriver;

  constructor(options: SqliteWorkerOptions) {
    this.#driver = new SqliteWorkerDriver(options);
  }

  createDriver(): Driver {
    return this.#driver;
  }

  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }

  createAdapter() {
    return new SqliteAdapter();
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  createIntrospector(db: Kysely<any>) {
    return new SqliteIntrospector(db);
  }
}
