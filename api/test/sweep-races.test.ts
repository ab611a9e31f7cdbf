/**
 * A PUT racing the reminder sweep (issue 24, item 14). The route reads the item, checks the
 * input, then writes; the sweep may change the item's status in between. Here the sweep runs
 * exactly there: a Kysely plugin on the app's database runs it when the route's read of the
 * item has returned, before the route writes. Whatever the order, the item must end with a
 * status that follows from its dates.
 */
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

/** Runs `action` once, right after the next read of `table` returns (and before the caller goes on). */
class AfterNextRead implements KyselyPlugin {
  #pending?: { table: string; action: () => Promise<unknown> };
  #reads = new Set<string>();

  arm(table: string, action: () => Promise<unknown>): void {
    this.#pending = { table, action };
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
      await action();
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

  /** The sweep, on the database without the plugin, between the route's read and its write. */
  const sweepAfterTheRouteReads = (table: 'tasks' | 'certificates') =>
    between.arm(table, () => runReminderSweep(database.db, now));

  async function stored(table: 'tasks' | 'certificates', id: string) {
    return database.db
      .selectFrom(table)
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  test('a certificate expired by the sweep while a PUT moves its expiry date later ends renewed', async () => {
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
    // The sweep did run in between: it recorded the expiry of the old date.
    const expired = await database.db
      .selectFrom('notifications')
      .select('kind')
      .where('item_id', '=', certificate)
      .execute();
    expect(expired.map((row) => row.kind)).toEqual(['certificate_expired', 'certificate_expired']);

    expect(response.json()).toMatchObject({ expiry_date: later, status: 'renewed' });
    expect(await stored('certificates', certificate)).toEqual({ status: 'renewed' });
  });

  test.each(['pending', 'in_progress'] as const)(
    '%s: a task made overdue by the sweep while a PUT moves its due instant later ends open again',
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
      const overdue = await database.db
        .selectFrom('notifications')
        .select('kind')
        .where('item_id', '=', task)
        .execute();
      expect(overdue.map((row) => row.kind)).toEqual(['task_overdue', 'task_overdue']);

      expect(response.json()).toMatchObject({ due_date: later, status: openStatus });
      expect(await stored('tasks', task)).toEqual({ status: openStatus });
    },
  );

  test('a PUT that only renames keeps the status the sweep set meanwhile', async () => {
    const certificate = await createCertificate(database.db, org, {
      expiry_date: kolkataDateIn(-1),
    });
    sweepAfterTheRouteReads('certificates');
    const response = await call(app, 'PUT', `/certificates/${certificate}/`, {
      token: org.manager.token,
      body: { name: 'Renamed' },
    });
    expect(response.json()).toMatchObject({ name: 'Renamed', status: 'expired' });
    expect(await stored('certificates', certificate)).toEqual({ status: 'expired' });
  });
});
