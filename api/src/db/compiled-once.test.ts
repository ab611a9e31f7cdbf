/**
 * CompiledOnce (compiled-once.ts): a query built once per shape answers every call with that
 * call's values, and a build that would bake a value into the SQL is refused.
 */
import { sql } from 'kysely';
import { CompiledOnce } from './compiled-once';
import { createDatabase } from './connection';
import type { Db } from './tables';

let db: Db;
beforeAll(async () => {
  db = createDatabase({ dialect: 'sqlite', filename: ':memory:' });
  await sql`create table notes (id integer primary key, owner text not null, text text not null)`.execute(
    db,
  );
  await sql`insert into notes (owner, text) values ('ann', 'a1'), ('ann', 'a2'), ('bob', 'b1')`.execute(
    db,
  );
});
afterAll(() => db.destroy());

/** The test's own table, typed here (it is not part of the schema). */
const notesTable = sql<{ id: number; owner: string; text: string }>`notes`;

interface NoteFilter {
  owner: string;
  text?: string;
  limit: number;
}

const notes = new CompiledOnce<NoteFilter, { text: string }>();
const build = (filter: NoteFilter) =>
  db
    .selectFrom(notesTable.as('n'))
    .select('n.text')
    .where('n.owner', '=', filter.owner)
    .$if(filter.text !== undefined, (q) => q.where('n.text', '=', filter.text!))
    .orderBy('n.id')
    .limit(filter.limit);

async function read(filter: NoteFilter): Promise<string[]> {
  const { rows } = await db.executeQuery(notes.compile(db, 'notes', filter, build));
  return rows.map((row) => row.text);
}

test('each call of a known shape gets its own values', async () => {
  expect(await read({ owner: 'ann', limit: 10 })).toEqual(['a1', 'a2']);
  expect(await read({ owner: 'bob', limit: 10 })).toEqual(['b1']);
  expect(await read({ owner: 'ann', limit: 1 })).toEqual(['a1']);
  // Another filter set is another shape, with its own SQL.
  expect(await read({ owner: 'ann', text: 'a2', limit: 10 })).toEqual(['a2']);
  expect(await read({ owner: 'ann', limit: 10 })).toEqual(['a1', 'a2']);
});

test('a build that derives something from a value is refused, not cached wrong', () => {
  const derived = new CompiledOnce<{ q: string }, unknown>();
  expect(() =>
    derived.compile(db, 'search', { q: 'a' }, ({ q }) =>
      db.selectFrom(notesTable.as('n')).selectAll().where('n.text', 'like', `%${q}%`),
    ),
  ).toThrow('a value was changed by the query');
});
