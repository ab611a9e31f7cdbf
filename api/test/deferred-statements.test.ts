/**
 * Deferred statements (`runTogether(…, { deferred: true })`, the activity history's append):
 * on SQLite posted with the transaction's next statement, on PostgreSQL pipelined ahead of it
 * (db/postgres-client.ts). They run before what follows them, commit with the transaction,
 * and a failure of one undoes the whole transaction and is reported by its COMMIT.
 */
import { sql } from 'kysely';
import type { Db } from '../src/db/tables';
import { NAMED_STATEMENT } from '../src/db/connection';
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

/**
 * Named deferred statements (the history's append): on PostgreSQL, once a connection has
 * prepared one, it travels inside the COMMIT's message as `execute <name>(<literals>); commit`
 * (db/postgres-client.ts). Several transactions in a row, so the later ones take that path.
 */
describe.each(testDatabases())('named deferred statements on %s', (kind) => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await openTestDatabase(kind, false);
    db = database.db;
    await sql`create table named_probe (id integer primary key, label text not null)`.execute(db);
  });

  afterAll(async () => {
    await database.drop();
  });

  beforeEach(async () => {
    await sql`delete from named_probe`.execute(db);
  });

  const insert = (id: number, label: string) =>
    sql`insert into named_probe (id, label) values (${id}, ${label})${sql.raw(NAMED_STATEMENT)}`.compile(
      db,
    );

  async function rows(): Promise<{ id: number; label: string }[]> {
    const { rows: found } = await sql<{
      id: number;
      label: string;
    }>`select id, label from named_probe order by id`.execute(db);
    return found.map((row) => ({ id: Number(row.id), label: row.label }));
  }

  const save = (id: number, label: string) =>
    db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      await runTogether(trx, [insert(id, label)], { deferred: true });
    });

  test('commit with the transaction, their values exactly as given', async () => {
    const labels = ['plain', `it's`, 'back\\slash', `both \\' "quoted"; --`, 'ünïcödé ✓', ''];
    for (const [i, label] of labels.entries()) await save(i + 1, label);
    expect(await rows()).toEqual(labels.map((label, i) => ({ id: i + 1, label })));
  });

  test('a failed one undoes its transaction, and the connection serves the next', async () => {
    for (let id = 1; id <= 3; id += 1) await save(id, `kept ${id}`);
    const failing = db.transaction().execute(async (trx) => {
      await sql`insert into named_probe (id, label) values (10, 'change')`.execute(trx);
      // id 1 again: a primary key violation, found only when the statement runs.
      await runTogether(trx, [insert(1, 'entry')], { deferred: true });
    });
    await expect(failing).rejects.toMatchObject({
      code: kind === 'postgres' ? '23505' : expect.stringMatching(/^SQLITE_CONSTRAINT/),
    });
    await save(4, 'after');
    expect((await rows()).map((row) => row.label)).toEqual(['kept 1', 'kept 2', 'kept 3', 'after']);
  });

  test('a rollback to a savepoint keeps the ones sent before it', async () => {
    for (let id = 1; id <= 3; id += 1) await save(id, `kept ${id}`);
    await db.transaction().execute(async (trx) => {
      await runTogether(trx, [insert(4, 'before the savepoint')], { deferred: true });
      await sql`savepoint probe`.execute(trx);
      await sql`insert into named_probe (id, label) values (5, 'undone')`.execute(trx);
      await sql`rollback to savepoint probe`.execute(trx);
    });
    expect((await rows()).map((row) => row.label)).toEqual([
      'kept 1',
      'kept 2',
      'kept 3',
      'before the savepoint',
    ]);
  });
});
