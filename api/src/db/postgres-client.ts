/**
 * What the API adds to the pg driver's clients (connection.ts): named (prepared) statements
 * for reads and marked writes, and deferred statements, sent without waiting for their
 * answer (pipelined: pg's `pipeline` mode writes a query while earlier ones are still
 * running). Kysely sends a transaction's statements one at a time, each awaiting the one
 * before, so a statement nobody reads the answer of still cost a round trip; deferred, it
 * travels with the transaction's next statement or inside its COMMIT's message.
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
 * `runTogether(…, { deferred: true })`, the history's append): it answers at once with no
 * rows and is sent with the transaction's next statement (clientQuery): run by name in the
 * COMMIT's own message, or pipelined ahead of any other statement, which waits for both
 * answers. If the deferred one fails, that COMMIT or statement fails with its error and the
 * transaction is rolled back, so nothing of it is kept.
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

/**
 * Also `rollback to savepoint`: the SAVEPOINT, a statement, sent the deferred statements held
 * before it, so those still held came after it and are undone anyway.
 */
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

const COMMIT = /^\s*commit\s*$/i;

/**
 * At most this many characters of values are written into a COMMIT's text (folded): pg's
 * `escapeLiteral` goes character by character, and a long text (a task's description) is
 * cheaper bound as a parameter. The history's entries are a few hundred.
 */
const FOLDED_VALUES_MAX = 8192;

/** Characters escapeLiteral doubles (and a backslash makes it an `E'…'` string). */
const NEEDS_ESCAPING = /['\\]/;

/** A deferred statement not sent yet: its text, values and statement name (when named). */
interface Held {
  text: string;
  values: unknown;
  name: string | undefined;
}

/**
 * `execute <name>(<values as literals>)`: the statement this connection has already
 * prepared, run by SQL (EXECUTE finds the statements the protocol prepared by their name, so it
 * is planned no more than when bound). Undefined when a value is not a plain string, number,
 * boolean or null, or they are too long (FOLDED_VALUES_MAX): it is then sent as itself.
 */
function executeText(name: string, values: unknown): string | undefined {
  const list = values === undefined ? [] : values;
  if (!Array.isArray(list)) return undefined;
  const literals: string[] = [];
  let length = 0;
  for (const value of list as unknown[]) {
    if (value === null || value === undefined) {
      literals.push('null');
      continue;
    }
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      return undefined;
    }
    if (typeof value === 'number' && !Number.isFinite(value)) return undefined;
    const text = String(value);
    length += text.length;
    if (length > FOLDED_VALUES_MAX) return undefined;
    // A quoted literal is of unknown type, resolved to the parameter's type as a bound value is.
    // Without a quote or backslash it is the text in quotes (escapeLiteral's own answer),
    // without escapeLiteral's character-by-character copy.
    literals.push(NEEDS_ESCAPING.test(text) ? pg.escapeLiteral(text) : `'${text}'`);
  }
  return literals.length === 0 ? `execute ${name}` : `execute ${name}(${literals.join(', ')})`;
}

/**
 * One client's queries: named when `nameOf` names them; deferred ones held until the next
 * query. Before a COMMIT, held statements this connection has prepared travel in the COMMIT's
 * own message (`execute …; commit`, one simple query: one write and one answer where the
 * statement and the COMMIT took two of each, the larger part of what the history added to a
 * save in the API process, docs/activity.md). Before any other statement they are sent
 * pipelined ahead of it, which waits for their answers too and reports their failure. A
 * ROLLBACK drops them unsent.
 */
function clientQuery(query: Query, nameOf?: (text: string) => string | undefined): Query {
  let held: Held[] = [];
  /** Names of the statements this connection has prepared (their first run answered). */
  const prepared = new Set<string>();
  const send = (text: string, values: unknown, name = nameOf?.(text)) => {
    if (name === undefined) return query(text, values);
    const sent = query({ name, text, values });
    if (!prepared.has(name)) {
      void sent.then(
        () => prepared.add(name),
        () => undefined,
      );
    }
    return sent;
  };
  /** `execute …; commit` when every held statement can be run by name; else undefined. */
  const folded = (statements: readonly Held[]): string | undefined => {
    const parts: string[] = [];
    for (const { name, values } of statements) {
      const text = name !== undefined && prepared.has(name) ? executeText(name, values) : undefined;
      if (text === undefined) return undefined;
      parts.push(text);
    }
    return `${parts.join('; ')}; commit`;
  };
  return (text, values) => {
    if (typeof text !== 'string') return query(text, values);
    if (text.endsWith(DEFERRED_STATEMENT)) {
      const statement = text.slice(0, -DEFERRED_STATEMENT.length);
      held.push({ text: statement, values, name: nameOf?.(statement) });
      return Promise.resolve({ ...NO_ANSWER, rows: [] });
    }
    if (held.length === 0) return send(text, values);
    const statements = held;
    held = [];
    // A ROLLBACK undoes the deferred statements: they are never sent.
    if (ROLLBACK.test(text)) return send(text, values);
    const together = COMMIT.test(text) ? folded(statements) : undefined;
    if (together !== undefined) {
      return query(together).then(
        // One answer per statement: the COMMIT's is the last.
        (results) => (Array.isArray(results) ? (results.at(-1) as pg.QueryResult) : results),
        async (error: unknown) => {
          // A failed statement skips the rest of the message, the COMMIT with it: the
          // transaction stays open, aborted, until it is rolled back, here (Kysely's own
          // ROLLBACK after the failed commit then finds none in progress, a warning).
          await query('rollback').catch(() => undefined);
          throw error;
        },
      );
    }
    const deferred = statements.map((statement) => {
      const sent = send(statement.text, statement.values, statement.name);
      // Reported by the statement sent behind them; never an unhandled rejection meanwhile.
      sent.catch(() => undefined);
      return sent;
    });
    const sent = send(text, values);
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
