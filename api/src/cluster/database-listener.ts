/**
 * What other instances changed, heard from PostgreSQL (issue 31; docs/scaling.md, "Several
 * instances"): one connection per instance LISTENs on the channels that handlers subscribe
 * to. It is a connection of its own, outside the pool, because LISTEN belongs to a session:
 * behind PgBouncer in transaction mode it must reach PostgreSQL directly
 * (DATABASE_DIRECT_URL).
 *
 * When the connection drops, notifications sent meanwhile are lost: it reconnects with
 * backoff, says so in the log, and tells `onReconnect` handlers, which drop whatever they
 * kept (until then the caches' own age is the bound, as on an instance without a listener).
 */
import pg from 'pg';

export type NotificationHandler = (payload: string) => void;

interface Logger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

const FIRST_RETRY_MS = 250;
const LONGEST_RETRY_MS = 10_000;

export class DatabaseListener {
  private readonly handlers = new Map<string, Set<NotificationHandler>>();
  private readonly reconnectHandlers = new Set<() => void>();
  private client: pg.Client | undefined;
  private retryMs = FIRST_RETRY_MS;
  private retryTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private connecting: Promise<void> | undefined;

  constructor(
    private readonly connectionString: string,
    private readonly log: Logger,
  ) {}

  /** Connects and listens; resolves once listening (or once the first attempt failed). */
  start(): Promise<void> {
    this.connecting ??= this.connect(false);
    return this.connecting;
  }

  /** Calls `handler` with each notification's payload on `channel` (a plain identifier). */
  async subscribe(channel: string, handler: NotificationHandler): Promise<void> {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      await this.client?.query(`listen ${channel}`).catch(() => undefined);
    }
    set.add(handler);
  }

  /** Called after a reconnection: notifications may have been missed. */
  onReconnect(handler: () => void): void {
    this.reconnectHandlers.add(handler);
  }

  /** The connection's backend process id (for tests that cut it), or undefined. */
  async backendPid(): Promise<number | undefined> {
    const result = await this.client?.query<{ pid: number }>('select pg_backend_pid() as pid');
    return result?.rows[0]?.pid;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(isReconnect: boolean): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', ({ channel, payload }) => {
      for (const handler of this.handlers.get(channel) ?? []) handler(payload ?? '');
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      for (const channel of this.handlers.keys()) await client.query(`listen ${channel}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      this.log.warn(
        { err: error, retryInMs: this.retryMs },
        'Cannot listen for other instances’ changes; retrying',
      );
      // Whatever was kept meanwhile may be stale once it connects: a reconnection.
      this.scheduleRetry();
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.retryMs = FIRST_RETRY_MS;
    if (isReconnect) {
      this.log.info({}, 'Listening for other instances’ changes again');
      for (const handler of this.reconnectHandlers) handler();
    }
  }

  private lost(client: pg.Client): void {
    if (this.client !== client || this.closed) return;
    this.client = undefined;
    client.end().catch(() => undefined);
    this.log.warn(
      { retryInMs: this.retryMs },
      'Lost the connection that hears other instances’ changes; reconnecting',
    );
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.closed) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.connect(true), this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, LONGEST_RETRY_MS);
  }
}
