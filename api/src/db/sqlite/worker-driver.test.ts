/**
 * The guarantees of the SQLite worker driver (worker-driver.ts), on a file (a writer thread
 * and a reader thread, WAL) and in memory (one thread for everything), observed as a
 * caller of the database sees them.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createDatabase, isUniqueViolation } from '../connection';
import type { Db } from '../tables';
import { runTogether } from './worker-driver';

/** A promise and the function that settles it, to hold a transaction open. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

async function notes(db: Db): Promise<string[]> {
  const { rows } = await sql<{ text: string }>`select text from notes order by id`.execute(db);
  return rows.map((row) => row.text);
}

const insertNote = (db: Db, text: string) =>
  sql`insert into notes (text) values (${text})`.execute(db);

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'duly-worker-driver-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each([
  {
    where: 'a file',
    filenameFor: () => path.join(dir, `${Math.random().toString(36).slice(2)}.sqlite`),
    readerBesideWriter: true,
  },
  // One connection: a read waits for the transaction to end instead.
  { where: 'memory', filenameFor: () => ':memory:', readerBesideWriter: false },
])('the SQLite worker driver on $where', ({ filenameFor, readerBesideWriter }) => {
  let db: Db;
  beforeEach(async () => {
    db = createDatabase({ dialect: 'sqlite', filename: filenameFor() });
    await sql`create table notes (id integer primary key, text text not null unique)`.execute(db);
    await insertNote(db, 'committed');
  });
  afterEach(() => db.destroy());

  test('statements run together answer each its result, in order, and a failure rolls the transaction back', async () => {
    const [read, written, after] = await db
      .transaction()
      .execute((trx) =>
        runTogether<{ text: string }>(trx, [
          sql`select text from notes`.compile(trx),
          sql`insert into notes (text) values (${'together'}) returning text`.compile(trx),
          sql`select count(*) as text from notes`.compile(trx),
        ]),
      );
    expect(read.rows).toEqual([{ text: 'committed' }]);
    expect(written.rows).toEqual([{ text: 'together' }]);
    // The third saw the second's row: they ran one after the other.
    expect(after.rows).toEqual([{ text: 2 }]);
    const failure = await db
      .transaction()
      .execute((trx) =>
        runTogether(trx, [
          sql`insert into notes (text) values (${'lost'})`.compile(trx),
          sql`insert into notes (text) values (${'committed'})`.compile(trx),
        ]),
      )
      .catch((error: unknown) => error);
    expect(isUniqueViolation(failure)).toBe(true);
    expect(await notes(db)).toEqual(['committed', 'together']);
  });

  test('deferred statements run before the COMMIT, and one failing refuses it: nothing is kept', async () => {
    await db.transaction().execute(async (trx) => {
      await runTogether(trx, [sql`insert into notes (text) values (${'deferred'})`.compile(trx)], {
        deferred: true,
      });
      // The next statement of the transaction sees the deferred one's row.
      expect(await notes(trx)).toEqual(['committed', 'deferred']);
      await runTogether(trx, [sql`insert into notes (text) values (${'at commit'})`.compile(trx)], {
        deferred: true,
      });
    });
    expect(await notes(db)).toEqual(['committed', 'deferred', 'at commit']);

    const refused = await db
      .transaction()
      .execute(async (trx) => {
        await insertNote(trx, 'lost');
        await runTogether(
          trx,
          [sql`insert into notes (text) values (${'committed'})`.compile(trx)],
          {
            deferred: true,
          },
        );
      })
      .catch((error: unknown) => error);
    expect(isUniqueViolation(refused)).toBe(true);
    expect((refused as Error).message).toMatch(/^Not committed: /);
    // A transaction that rolls back never runs its deferred statements; the writer is free.
    await db
      .transaction()
      .execute(async (trx) => {
        await runTogether(trx, [sql`insert into notes (text) values (${'never'})`.compile(trx)], {
          deferred: true,
        });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await insertNote(db, 'after');
    expect(await notes(db)).toEqual(['committed', 'deferred', 'at commit', 'after']);
  });

  test('a failing statement rejects with its SQLite code, and the next statement works', async () => {
    const failure = await insertNote(db, 'committed').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as { code?: string }).code).toBe('SQLITE_CONSTRAINT_UNIQUE');
    expect(isUniqueViolation(failure)).toBe(true);
    const syntax = await sql`selec nonsense`.execute(db).catch((error: unknown) => error);
    expect((syntax as { code?: string }).code).toBe('SQLITE_ERROR');
    await insertNote(db, 'after');
    expect(await notes(db)).toEqual(['committed', 'after']);
  });

  test('a statement failing inside a transaction rolls it back and frees the writer', async () => {
    const failure = await db
      .transaction()
      .execute(async (trx) => {
        await insertNote(trx, 'first of the transaction');
        await insertNote(trx, 'committed');
      })
      .catch((error: unknown) => error);
    expect((failure as { code?: string }).code).toBe('SQLITE_CONSTRAINT_UNIQUE');
    expect(await notes(db)).toEqual(['committed']);
    await insertNote(db, 'after');
    expect(await notes(db)).toEqual(['committed', 'after']);
  });

  test('a rolled back transaction leaves nothing behind', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await insertNote(trx, 'rolled back');
        expect(await notes(trx)).toEqual(['committed', 'rolled back']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await notes(db)).toEqual(['committed']);
  });

  test('reads outside a transaction never see its uncommitted rows', async () => {
    const hold = gate();
    const events: string[] = [];
    let readDuringTransaction: Promise<string[]> | undefined;
    const transaction = db.transaction().execute(async (trx) => {
      await insertNote(trx, 'uncommitted');
      readDuringTransaction = notes(db).finally(() => events.push('read answered'));
      // On a file the reader answers while the transaction is still open.
      if (readerBesideWriter) await readDuringTransaction;
      await hold.opened;
      events.push('transaction ends');
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    hold.open();
    await transaction;
    const seen = await readDuringTransaction!;
    if (readerBesideWriter) {
      expect(events).toEqual(['read answered', 'transaction ends']);
      expect(seen).toEqual(['committed']);
    } else {
      expect(events).toEqual(['transaction ends', 'read answered']);
      expect(seen).toEqual(['committed', 'uncommitted']);
    }
    expect(await notes(db)).toEqual(['committed', 'uncommitted']);
  });

  test('a write outside a transaction waits for it, and is not part of it', async () => {
    const hold = gate();
    const events: string[] = [];
    let outsideWrite: Promise<unknown> | undefined;
    const transaction = db
      .transaction()
      .execute(async (trx) => {
        await insertNote(trx, 'inside');
        outsideWrite = insertNote(db, 'outside').then(() => events.push('outside write done'));
        await hold.opened;
        events.push('transaction ends');
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events).toEqual([]);
    hold.open();
    await transaction;
    await outsideWrite;
    expect(events).toEqual(['transaction ends', 'outside write done']);
    expect(await notes(db)).toEqual(['committed', 'outside']);
  });

  test('parameters that cannot be bound reject, and the next statement works', async () => {
    const bad = { not: 'a value' };
    await expect(sql`select ${bad} as v`.execute(db)).rejects.toThrow();
    expect(await notes(db)).toEqual(['committed']);
  });

  test('a parameter that cannot reach the thread fails only its own statement', async () => {
    const notAValue = Symbol('not a value');
    // Issued together, so both travel to the thread in one message.
    const [bad, good] = await Promise.allSettled([
      sql`select ${notAValue} as v`.execute(db),
      notes(db),
    ]);
    expect(bad.status).toBe('rejected');
    expect(good).toEqual({ status: 'fulfilled', value: ['committed'] });
  });
});

describe('closing the SQLite worker driver', () => {
  test('ends every connection: the WAL is checkpointed away and statements are refused', async () => {
    // Repeated: with the threads closed all at once, about one close in 200 left the WAL.
    for (let round = 0; round < 40; round++) {
      const filename = path.join(dir, `closing-${round}.sqlite`);
      const db = createDatabase({ dialect: 'sqlite', filename });
      await sql`create table notes (id integer primary key, text text not null unique)`.execute(db);
      await insertNote(db, 'kept');
      // Reads through the reader thread too, so that it has a connection open.
      expect(await notes(db)).toEqual(['kept']);
      expect(existsSync(`${filename}-wal`)).toBe(true);
      await db.destroy();
      // SQLite removes the WAL when the last connection to the file closes.
      expect(existsSync(`${filename}-wal`)).toBe(false);
      await expect(notes(db)).rejects.toThrow();
    }

    const filename = path.join(dir, 'closing-0.sqlite');
    const reopened = createDatabase({ dialect: 'sqlite', filename });
    expect(await notes(reopened)).toEqual(['kept']);
    await reopened.destroy();
  });
});
