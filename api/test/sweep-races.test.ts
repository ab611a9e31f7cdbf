/**
 * A PUT racing the reminder sweep (issue 24, item 14). The route reads the item, checks the
 * input, then writes. Since issue 29's sixth pass the PUTs of tasks and certificates read the
 * item in the save's transaction, locked on PostgreSQL while the history records (SQLite's
 * transaction holds the only writer): the sweep can no longer change it in between. Here the
 * sweep is started exactly there, by a Kysely plugin on the app's database, right after the
 * route's read of the item has returned: it must wait for the save's commit and then act on
 * the saved item. Whatever the order, the item must end with a status that follows from its
 * dates. (The status is also computed inside the UPDATE from the row as it is then, so a sweep
 * that changed it before the save's read is followed as well.)
 */
import { setTimeout as delay } from 'node:timers/promises';
import {
  AliasNode,
  TableNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type { Clock } from '../src/lib/clock';
import { runReminderSweep } from '../src/reminders/sweep';
import {
  call,
  createCertificate,
  createOrganization,
  createTask,
  daysFromNow,
  kolkataDateIn,
  openTestDatabase,
  testConfig,
  testDatabases,
  type TestDatabase,
  type TestOrganization,
} from './helper';

const now: Clock = () => new Date();

/** The tables a SELECT reads from, by name. */
function tablesRead(node: RootOperationNode): string[] {
  if (node.kind !== 'SelectQueryNode' || !node.from) return [];
  return node.from.froms.map((from) => {
    const table = AliasNode.is(from) ? from.node : from;
    return TableNode.is(table) ? table.table.identifier.name : '';
  });
}

/** How long the caller is held back after its read, unless the action ends sooner. */
const ACTION_HEAD_START_MS = 500;

/**
 * Starts `action` once, right after the next read of `table` returns, and lets the caller go
 * on when it ends or after ACTION_HEAD_START_MS, whichever comes first (`finished` waits for
 * the action): an action a lock holds back runs after the caller's transaction.
 */
class AfterNextRead implements KyselyPlugin {
  #pending?: { table: string; action: () => Promise<unknown> };
  #reads = new Set<string>();
  #started?: Promise<unknown>;

  arm(table: string, action: () => Promise<unknown>): void {
    this.#pending = { table, action };
    this.#started = undefined;
  }

  /** The action's end (it has started, or the test fails). */
  async finished(): Promise<void> {
    expect(this.#started).toBeDefined();
    await this.#started;
  }

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (this.#pending && tablesRead(node).includes(this.#pending.table)) {
      this.#reads.add(queryId.queryId);
    }
    return node;
  }

  async transformResult({
    result,
    queryId,
  }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.#pending && this.#reads.delete(queryId.queryId)) {
      const { action } = this.#pending;
      this.#pending = undefined;
      this.#started = action();
      // Reported by finished(); never an unhandled rejection meanwhile.
      this.#started.catch(() => undefined);
      // Time for the action to run here, before the caller's write, if nothing holds it back.
      await Promise.race([this.#started.catch(() => undefined), delay(ACTION_HEAD_START_MS)]);
    }
    return result;
  }
}

describe.each(testDatabases())('a PUT racing the sweep on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let org: TestOrganization;
  const between = new AfterNextRead();

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildApp({ config: testConfig(), db: database.db.withPlugin(between) });
    await app.ready();
    org = await createOrganization(database.db);
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  /** The sweep, on the database without the plugin, started between the route's read and its write. */
  const sweepAfterTheRouteReads = (table: 'tasks' | 'certificates') =>
    between.arm(table, () => runReminderSweep(database.db, now));

  async function stored(table: 'tasks' | 'certificates', id: string) {
    return database.db
      .selectFrom(table)
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  async function noticesOf(id: string) {
    const rows = await database.db
      .selectFrom('notifications')
      .select('kind')
      .where('item_id', '=', id)
      .execute();
    return rows.map((row) => row.kind);
  }

  test('a sweep started between the read and the write of a PUT moving a past expiry date later waits for it, and expires nothing', async () => {
    const certificate = await createCertificate(database.db, org, {
      expiry_date: kolkataDateIn(-1),
      reminder_days_before: 7,
    });
    sweepAfterTheRouteReads('certificates');
    const later = kolkataDateIn(60);
    const response = await call(app, 'PUT', `/certificates/${certificate}/`, {
      token: org.manager.token,
      body: { expiry_date: later },
    });
    expect(response.statusCode).toBe(200);
    await between.finished();
    // The sweep saw the saved date only: the old date's expiry is never recorded.
    expect(await noticesOf(certificate)).toEqual([]);
    expect(response.json()).toMatchObject({ expiry_date: later, status: 'active' });
    expect(await stored('certificates', certificate)).toEqual({ status: 'active' });
  });

  test.each(['pending', 'in_progress'] as const)(
    '%s: a sweep started between the read and the write of a PUT moving a past due instant later waits for it, and makes nothing overdue',
    async (openStatus) => {
      const task = await createTask(database.db, org, {
        due_date: daysFromNow(-0.01),
        status: openStatus,
      });
      sweepAfterTheRouteReads('tasks');
      const later = daysFromNow(2);
      const response = await call(app, 'PUT', `/tasks/${task}`, {
        token: org.manager.token,
        body: { due_date: later },
      });
      expect(response.statusCode).toBe(200);
      await between.finished();
      expect(await noticesOf(task)).toEqual([]);
      expect(response.json()).toMatchObject({ due_date: later, status: openStatus });
      expect(await stored('tasks', task)).toEqual({ status: openStatus });
    },
  );

  test('a PUT that only renames, with a sweep started between its read and its write: the sweep expires the renamed certificate after the save', async () => {
    const certificate = await createCertificate(database.db, org, {
      expiry_date: kolkataDateIn(-1),
    });
    sweepAfterTheRouteReads('certificates');
    const response = await call(app, 'PUT', `/certificates/${certificate}/`, {
      token: org.manager.token,
      body: { name: 'Renamed' },
    });
    expect(response.statusCode).toBe(200);
    await between.finished();
    expect(await noticesOf(certificate)).toContain('certificate_expired');
    const saved = await database.db
      .selectFrom('certificates')
      .select(['name', 'status'])
      .where('id', '=', certificate)
      .executeTakeFirstOrThrow();
    expect(saved).toEqual({ name: 'Renamed', status: 'expired' });
  });
});
