'use strict';
/**
 * One SQLite connection in a worker thread (worker-driver.ts). better-sqlite3 is synchronous:
 * run on the main thread, every statement would hold the event loop, and every request
 * queued behind it would wait. Here the main thread only posts compiled SQL and parameters
 * and receives rows.
 *
 * Plain CommonJS, not TypeScript: a worker is started from a file by Node itself, outside
 * tsx's and jest's transforms, so this file must run as it is wherever the API runs.
 *
 * Messages in are arrays, each item one of:
 *               { id, sql, parameters }            one statement
 *               { id, statements: [{ sql, parameters }…], guard: true }
 *                                                  several, in order, answered once with no
 *                                                  rows; the first failure stops them
 *               { id, rollback: true }             end a transaction if one is open
 *               { id, close: true }                close the connection; the thread then ends
 * Messages out are arrays of answers, one per item, in order:
 *               { id, columns, values } (rows as arrays) | { id, changes, lastInsertRowid }
 *               | { id, error: { name, message, code } }
 */
const { parentPort, workerData } = require('node:worker_threads');
const Database = require('better-sqlite3');

/** Prepared statements kept per SQL text; the queries are few and the same ones repeat. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * SQLite's page cache per connection, in KiB. better-sqlite3 builds SQLite with 16 MB
 * (SQLITE_DEFAULT_CACHE_SIZE=-16000), and each thread's cache fills up and stays so: a
 * 50,000-row import's peak was 19 MB higher for it (bench/import-bench.ts). Pages past it
 * are read again from the operating system's file cache. The readers serve the lists, so
 * they keep more; the writer's transactions touch few pages each.
 */
const CACHE_KIB = { writer: 4000, reader: 8000 };

/** What reaches the caller of a failed statement: SQLite's code is what callers test. */
function describeError(error) {
  return {
    name: error instanceof Error ? error.name : 'Error',
    message: error instanceof Error ? error.message : String(error),
    code: typeof error?.code === 'string' ? error.code : undefined,
  };
}

/**
 * `role`: 'writer' (every write and transaction; sets up WAL for the file) or 'reader'
 * (SELECTs outside transactions; query_only, so it can never write).
 * `synchronous`: 'full' (the default: a commit is on disk before it answers, power loss
 * included) or 'normal' (synced at checkpoints only; see sqlite-thread.ts).
 */
function openConnection({ filename, role, synchronous }) {
  const db = new Database(filename);
  if (filename !== ':memory:') {
    if (role === 'writer') db.pragma('journal_mode = WAL');
    db.pragma(synchronous === 'normal' ? 'synchronous = NORMAL' : 'synchronous = FULL');
    // Not for `:memory:`, whose pages live only in its cache.
    db.pragma(`cache_size = -${CACHE_KIB[role]}`);
  }
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  if (role === 'reader') db.pragma('query_only = ON');
  return db;
}

let db;
let openError;
try {
  db = openConnection(workerData);
} catch (error) {
  // Answered to every message rather than thrown: a worker that dies here would only tell
  // the main thread "exited", not why.
  openError = describeError(error);
}

const statements = new Map();

/**
 * A statement and, for one that answers rows, its column names. Rows leave as arrays
 * (`raw`): cloning arrays and naming their values on the main thread costs that thread less
 * than cloning objects whose every row repeats the column names (docs/scaling.md).
 */
function prepare(sql) {
  let prepared = statements.get(sql);
  if (!prepared) {
    if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value);
    const statement = db.prepare(sql);
    const columns = statement.reader
      ? statement
          .raw(true)
          .columns()
          .map(({ name }) => name)
      : undefined;
    prepared = { statement, columns };
    statements.set(sql, prepared);
  }
  return prepared;
}

/**
 * The first failure of a guarded statement in the open transaction (a deferred statement
 * nobody awaited, worker-driver.ts runTogether): the transaction's COMMIT is then refused
 * with it, so the caller rolls back and the statement's failure is not lost.
 */
let guardedFailure;

const COMMIT = /^\s*commit\b/i;
const BEGIN = /^\s*begin\b/i;

function run({ sql, parameters, rollback, guard, statements }) {
  // After a failed COMMIT or a statement SQLite rolled back itself, there may be nothing
  // left to roll back; the caller only needs the connection out of its transaction.
  if (rollback) {
    guardedFailure = undefined;
    if (db.inTransaction) db.exec('rollback');
    return {};
  }
  if (statements) {
    for (const one of statements) run({ sql: one.sql, parameters: one.parameters, guard });
    return {};
  }
  if (guardedFailure && COMMIT.test(sql)) {
    const refused = new Error(`Not committed: ${guardedFailure.message}`);
    refused.code = guardedFailure.code;
    throw refused;
  }
  if (BEGIN.test(sql)) guardedFailure = undefined;
  try {
    const { statement, columns } = prepare(sql);
    // Readers (SELECT, and writes with RETURNING) answer rows, as Kysely's own driver does.
    if (columns) return { columns, values: statement.all(parameters) };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { changes, lastInsertRowid };
  } catch (error) {
    if (guard) guardedFailure ??= describeError(error);
    throw error;
  }
}

function answer(message) {
  let result;
  try {
    result = openError ? { error: openError } : run(message);
  } catch (error) {
    result = { error: describeError(error) };
  }
  result.id = message.id;
  return result;
}

// Statements arrive in batches (the main thread posts those of one event-loop turn
// together), and their answers leave together: one wake-up of the other thread each way.
parentPort.on('message', (messages) => {
  const answers = [];
  for (const message of messages) {
    if (message.close) {
      try {
        statements.clear();
        db?.close();
      } finally {
        answers.push({ id: message.id });
        parentPort.postMessage(answers);
        parentPort.close();
      }
      return;
    }
    answers.push(answer(message));
  }
  parentPort.postMessage(answers);
});
