/**
 * What the API adds to the pg driver's clients (connection.ts): named (prepared) statements
 * for reads and marked writes, and deferred statements, sent without waiting for their
 * answer (pipelined: pg's `pipeline` mode writes a query while earlier ones are still
 * running). Kysely sends a transaction's statements one at a time, each awaiting the one
 * before, so a statement nobody reads the answer of still cost a round trip; deferred, it
 * travels with the transaction's next statement or its COMMIT.
 */
import pg from 'pg';

/**
 * Ends a write that is sent as a named (prepared) statement like the SELECTs, outside a
 * pooler in transaction mode: the saves' UPDATEs and the history's append
 * (repositories/activity.ts). Planning those took more time than running them (an entry's
 * append: 0.46 ms a statement unnamed, 0.18 ms named, docs/activity.md). Only writes whose
 * text is fixed for a given shape carry it, so their number stays small.
 */
export const NAMED_STATEMENT = ' /* named */';

/**
 * Ends a statement of a transaction whose answer nobody reads (sqlite/worker-driver.ts
 * `runTogether(…, { deferred: true })`, the history's append): it is sent at once and answers
 * at once with no rows; the transaction's next statement (or its COMMIT) is sent behind it
 * without waiting, and waits for both answers. If the deferred one failed, that next
 * statement fails with its error: PostgreSQL has aborted the transaction, and a COMMIT of an
 * aborted transaction rolls it back, so nothing of it is kept.
 */
export const DEFERRED_STATEMENT = ' /* deferred */';

/** At most this many distinct statement texts become named (prepared) statements per process. */
const PREPARED_READS_MAX = 500;

/**
 * `select *` / `"t".*`: PostgreSQL refuses to run a prepared statement whose
 * result columns changed ("cached plan must not change result type"), which a
 * migration run by another instance (adding a column) would cause. Such reads
 * stay unnamed; named ones list their columns, which a new column leaves alone.
 */
const SELECTS_EVERY_COLUMN = /\bselect\s+\*|\.\*/i;

const ROLLBACK = /^\s*rollback\b/i;

/**
 * PostgreSQL plans every unnamed query afresh, and planning the task list's
 * join costs more than running it on an indexed page. SELECTs are therefore
 * sent as named statements: each connection parses and plans one once and
 * then only binds and executes it (the pg driver remembers what it has
 * prepared per connection). Writes and DDL stay unnamed unless they end with
 * NAMED_STATEMENT, and the number of names is bounded, since a query with an
 * `in (…)` list has a text per length.
 */
function statementNames(): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    let name = names.get(text);
    if (
      name === undefined &&
      names.size < PREPARED_READS_MAX &&
      ((/^\s*select\b/i.test(text) && !SELECTS_EVERY_COLUMN.test(text)) ||
        text.endsWith(NAMED_STATEMENT))
    ) {
      name = `duly_read_${names.size + 1}`;
      names.set(text, name);
    }
    return name;
  };
}

type Query = (text: unknown, values?: unknown) => Promise<pg.QueryResult>;

/** A deferred statement's answer: no rows (Kysely reads `command`, `rowCount`, `rows`). */
const NO_ANSWER = { command: 'DEFERRED', rowCount: 0, rows: [], fields: [], oid: 0 };

/**
 * One client's queries: named when `nameOf` names them, deferred ones sent at once and
 * remembered until the next query, which reports their failure.
 */
function clientQuery(query: Query, nameOf?: (text: string) => string | undefined): Query {
  let pending: Promise<unknown>[] = [];
  const send = (text: string, values: unknown) => {
    const name = nameOf?.(text);
    return name === undefined ? query(text, values) : query({ name, text, values });
  };
  return (text, values) => {
    if (typeof text !== 'string') return query(text, values);
    if (text.endsWith(DEFERRED_STATEMENT)) {
      const sent = send(text.slice(0, -DEFERRED_STATEMENT.length), values);
      // Reported by the next query; never an unhandled rejection meanwhile.
      sent.catch(() => undefined);
      pending.push(sent);
      return Promise.resolve({ ...NO_ANSWER, rows: [] });
    }
    const sent = send(text, values);
    if (pending.length === 0) return sent;
    const deferred = pending;
    pending = [];
    // A ROLLBACK undoes the deferred statements whatever their outcome.
    if (ROLLBACK.test(text)) return sent;
    return Promise.all(deferred).then(
      () => sent,
      async (error: unknown) => {
        // Its own answer (most likely "current transaction is aborted") says less.
        await sent.catch(() => undefined);
        throw error;
      },
    );
  };
}

/**
 * A pool whose clients pipeline (`pipeline: true`) and run their queries through clientQuery,
 * naming statements unless `transactionPooling` (a pooler in transaction mode: consecutive
 * queries may reach different server connections, which would not know the names).
 */
export function createPostgresPool(settings: {
  connectionString: string;
  max: number;
  transactionPooling?: boolean;
}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: settings.connectionString,
    max: settings.max,
    pipeline: true,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const nameOf = settings.transactionPooling ? undefined : statementNames();
  // Patched on the pool itself (not a wrapper), so end() and the pool's own state stay as pg has them.
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const patched = new WeakSet<pg.PoolClient>();
  pool.connect = (async (): Promise<pg.PoolClient> => {
    const client = await connect();
    if (!patched.has(client)) {
      patched.add(client);
      const query = client.query.bind(client) as Query;
      client.query = clientQuery(query, nameOf) as typeof client.query;
    }
    return client;
  }) as typeof pool.connect;
  return pool;
}
