/**
 * What the databases were doing when a server started by a test did not start in time
 * (server-process.ts appends it to the timeout's error): PostgreSQL's sessions and advisory
 * locks, and PgBouncer's pools and clients when the tests run through it (the admin console at
 * DULY_TEST_PGBOUNCER_ADMIN_URL, set by scripts/test.mjs). A start-up that hung with nothing
 * printed once gave no clue to its cause (a migration lock left on a pooled connection).
 */
import pg from 'pg';

/** Rows at most per listing: enough to see a stuck session among the other workers' ones. */
const MAX_ROWS = 40;
const TIMEOUT_MS = 5_000;

/** PostgreSQL itself: past PgBouncer when the tests run through it. */
function postgresUrl(): string {
  return (
    process.env.DULY_TEST_POSTGRES_DIRECT_URL ||
    process.env.DATABASE_URL ||
    'postgres://postgres@127.0.0.1:5432/postgres'
  );
}

function format(title: string, rows: Record<string, unknown>[], columns?: string[]): string {
  const shown = rows.slice(0, MAX_ROWS).map((row) =>
    (columns ?? Object.keys(row))
      .filter((column) => column in row)
      .map((column) => {
        const value = row[column];
        return `${column}=${value instanceof Date ? value.toISOString() : String(value)}`;
      })
      .join(' '),
  );
  const more = rows.length > MAX_ROWS ? [`(${rows.length - MAX_ROWS} more)`] : [];
  return [`${title} (${rows.length}):`, ...shown.map((line) => `  ${line}`), ...more].join('\n');
}

async function onClient(url: string, work: (client: pg.Client) => Promise<string>) {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: TIMEOUT_MS,
    query_timeout: TIMEOUT_MS,
  });
  try {
    await client.connect();
    return await work(client);
  } catch (error) {
    return `(${new URL(url).host}: ${(error as Error).message})`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function postgres(): Promise<string> {
  return onClient(postgresUrl(), async (client) => {
    const sessions = await client.query(`
      select pid, datname, state, wait_event_type, wait_event, xact_start,
        left(query, 120) as query
      from pg_stat_activity
      where backend_type = 'client backend' and pid <> pg_backend_pid()
      order by datname, pid`);
    const locks = await client.query(`
      select l.pid, d.datname, l.classid, l.objid, l.granted
      from pg_locks l left join pg_database d on d.oid = l.database
      where l.locktype = 'advisory'
      order by d.datname, l.pid`);
    return [format('pg_stat_activity', sessions.rows), format('advisory locks', locks.rows)].join(
      '\n',
    );
  });
}

async function pgbouncer(): Promise<string> {
  const url = process.env.DULY_TEST_PGBOUNCER_ADMIN_URL;
  if (!url) return '';
  return onClient(url, async (client) => {
    // The admin console answers the simple protocol only: queries without parameters.
    const pools = await client.query('SHOW POOLS');
    const clients = await client.query('SHOW CLIENTS');
    return [
      format('PgBouncer SHOW POOLS', pools.rows, [
        'database',
        'cl_active',
        'cl_waiting',
        'sv_active',
        'sv_idle',
        'sv_used',
        'maxwait',
        'pool_mode',
      ]),
      format('PgBouncer SHOW CLIENTS', clients.rows, [
        'database',
        'state',
        'port',
        'connect_time',
        'request_time',
        'wait',
        'link',
      ]),
    ].join('\n');
  });
}

/** The listings, one block each; never throws (a failure to ask is part of the answer). */
export async function startupDiagnostics(): Promise<string> {
  const blocks = await Promise.all([postgres(), pgbouncer()]);
  return blocks.filter(Boolean).join('\n');
}
