/**
 * Deferred statements (`runTogether(…, { deferred: true })`, the activity history's append):
 * on SQLite posted with the transaction's next statement, on PostgreSQL pipelined ahead of it
 * (db/postgres-client.ts). They run before what follows them, commit with the transaction,
 * and a failure of one undoes the whole transaction and is reported by its COMMIT.
 */
import { sql } from 'kysely';
import type { Db } from '../src/db/tables';
import { runTogether } from '../src/db/sqlite/worker-driver';
import { openTestDatabase, testDatabases, type TestDatabase } from './helper';

describe.each(testDatabases())('deferred statements on %s', (kind) => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await openTestDatabase(kind, false);
    db = database.db;
    await sql`create table deferred_probe (id integer primary key, label text not null)`.execute(
      db,
    );
  });

  afterAll(async () => {
    await database.drop();
  });

  beforeEach(async () => {
    await sql`delete from deferred_probe`.execute(db);
  });

  const insert = (id: number, label: string) =>
    sql`insert into deferred_probe (id, label) values (${id}, ${label})`.compile(db);

  async function labels(): Promise<string[]> {
    const { rows } = await sql<{
      label: string;
    }>`select label from deferred_probe order by id`.execute(db);
    return rows.map((row) => row.label);
  }

  test('run before the statement that follows them and commit with the transaction', async () => {
    const seen = await db.transaction().execute(async (trx) => {
      await runTogether(trx, [insert(1, 'first'), insert(2, 'second')], { deferred: true });
      const { rows } = await sql<{
        n: number | string;
      }>`select count(*) as n from deferred_probe`.execute(trx);
      return Number(rows[0].n);
    });
    expect(seen).toBe(2);
    expect(await labels()).toEqual(['first', 'second']);
  });

  test('deferred last, they travel with the COMMIT', async () => {
    await db.transaction().execute(async (trx) => {
      await trx.executeQuery(insert(1, 'change'));
      await runTogether(trx, [insert(2, 'entry')], { deferred: true });
    });
    expect(await labels()).toEqual(['change', 'entry']);
  });

  test('a failed one undoes the whole transaction and its error reaches the caller', async () => {
    const failing = db.transaction().execute(async (trx) => {
      await trx.executeQuery(insert(1, 'change'));
      // id 1 again: a primary key violation, found only when the statement runs.
      await runTogether(trx, [insert(1, 'entry')], { deferred: true });
    });
    await expect(failing).rejects.toMatchObject({
      code: kind === 'postgres' ? '23505' : expect.stringMatching(/^SQLITE_CONSTRAINT/),
    });
    expect(await labels()).toEqual([]);
  });

  test('of several deferred together, a failed one undoes the others and the change', async () => {
    for (const [first, second] of [
      [1, 3],
      [2, 1],
    ]) {
      const failing = db.transaction().execute(async (trx) => {
        await trx.executeQuery(insert(1, 'change'));
        await runTogether(trx, [insert(first, 'first'), insert(second, 'second')], {
          deferred: true,
        });
      });
      await expect(failing).rejects.toMatchObject({
        code: kind === 'postgres' ? '23505' : expect.stringMatching(/^SQLITE_CONSTRAINT/),
      });
      expect(await labels()).toEqual([]);
    }
  });

  test('a transaction rolled back after them keeps nothing', async () => {
    const refused = db.transaction().execute(async (trx) => {
      await trx.executeQuery(insert(1, 'change'));
      await runTogether(trx, [insert(2, 'entry')], { deferred: true });
      throw new Error('refused after the change');
    });
    await expect(refused).rejects.toThrow('refused after the change');
    expect(await labels()).toEqual([]);
  });
});
