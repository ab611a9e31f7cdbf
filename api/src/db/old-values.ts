/**
 * A save's old values (the history's "from"): `updateReturningOld` is the one helper the saves
 * of tasks, certificates and people use (repositories/*.ts). Either the caller has read the row
 * in the save's transaction through `lockedForSave` (the PUT routes' own read, locked while
 * the history records) and passes its recorded fields as `before`, and the UPDATE is the plain
 * one; or the UPDATE reads them itself, as follows.
 *
 * On PostgreSQL the row is selected `for update` in the UPDATE's FROM, and RETURNING gives
 * its columns before the change beside the new ones: one statement where a locked SELECT and
 * then the UPDATE took two round trips (bench/activity-bench.ts). SQLite's RETURNING cannot
 * name a FROM table, and its transactions hold the only writer (begin immediate), so there
 * the row is read by a SELECT sent with the UPDATE, in one message to the writer thread.
 *
 * The statement is sent as a named (prepared) statement (connection.ts, `NAMED_STATEMENT`),
 * with the history on and off alike: planning the UPDATE with its FROM cost more than
 * running it (docs/activity.md, "What recording costs a save").
 *
 * The old columns come out renamed `old_<column>`: unprefixed, they would make every column
 * the SET names (`status` in a CASE, say) ambiguous between the table and the old row.
 */
import {
  CompiledQuery,
  PostgresAdapter,
  sql,
  type AliasedRawBuilder,
  type RawBuilder,
  type UpdateQueryBuilder,
} from 'kysely';
import { NAMED_STATEMENT } from './connection';
import { runTogether } from './sqlite/worker-driver';
import { recordingActivity } from './repositories/activity';
import type { Database, Db } from './tables';

export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** What a list of fields adds to a save on PostgreSQL, as SQL text written once (oldParts). */
interface OldParts {
  /** The FROM subquery's columns: `"<field>" as "old_<field>"`, …. */
  columns: RawBuilder<unknown>;
  /** The old columns in RETURNING: `"old"."old_<field>", …`, aliased as its last one. */
  returning: AliasedRawBuilder<unknown, string>;
}

const OLD_PARTS = new WeakMap<readonly string[], OldParts>();

/**
 * The parts a list of fields adds to the UPDATE, written as SQL text once per list: built by
 * Kysely on every save (each `old.old_<field>` parsed into a reference and compiled), they
 * cost more CPU than the rest of the history's work in the API process (a V8 profile of the
 * saves, docs/activity.md). The names are the repositories' constant lists of recorded
 * fields, never input.
 *
 * RETURNING takes only aliased expressions, so the raw list carries the alias of its own last
 * column: `"old"."old_a", "old"."old_b" as "old_b"` names every column as Kysely would.
 */
function oldParts(fields: readonly string[]): OldParts {
  let parts = OLD_PARTS.get(fields);
  if (!parts) {
    const quoted = (name: string) => `"${name}"`;
    const columns = sql.raw(
      fields.map((field) => `${quoted(field)} as ${quoted(`old_${field}`)}`).join(', '),
    );
    const returning = sql
      .raw(fields.map((field) => `${quoted('old')}.${quoted(`old_${field}`)}`).join(', '))
      .as(`old_${fields[fields.length - 1]}`);
    parts = { columns, returning };
    OLD_PARTS.set(fields, parts);
  }
  return parts;
}

const OLD_ROW_SQLITE = new WeakMap<readonly string[], Map<SavedTable, string>>();

/**
 * SQLite's SELECT of the old values, as SQL text written once per table and list of fields
 * (the same text Kysely compiles): built and compiled by Kysely on every save, it was the
 * largest part of the API thread's added CPU time (docs/activity.md). Table and fields are
 * the repositories' constants, never input; the key's values stay parameters.
 */
function oldRowSqlite(table: SavedTable, fields: readonly string[]): string {
  let byTable = OLD_ROW_SQLITE.get(fields);
  if (!byTable) {
    byTable = new Map();
    OLD_ROW_SQLITE.set(fields, byTable);
  }
  let text = byTable.get(table);
  if (text === undefined) {
    const columns = fields.map((field) => `"${field}"`).join(', ');
    text = `select ${columns} from "${table}" where "organization_id" = ? and "id" = ?`;
    byTable.set(table, text);
  }
  return text;
}

/** The tables whose saves record their old values. */
export type SavedTable = 'tasks' | 'certificates' | 'users';

/**
 * An UPDATE of one row of `table` with its SET and WHERE (organisation and id) already given;
 * its result type is the caller's (the helper only adds FROM and RETURNING).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table's UPDATE, typed by its caller
export type RowUpdate = UpdateQueryBuilder<Database, any, any, any>;

/**
 * The read a save makes of the row it is about to change (the route's own read: its 404, its
 * permission checks, its comparisons), in the save's transaction, so that its recorded fields
 * can be the save's old values (updateReturningOld's `before`) and the UPDATE the plain one,
 * with no FROM. On PostgreSQL the row is locked (`for update of <alias>`) while the history
 * records: nothing can change it between this read and the UPDATE, so the read is the true
 * "before". On SQLite the transaction holds the only writer. With the history off (the
 * bench's switch) nothing is locked: the read is what it was before issue 29.
 *
 * Reading the old values here instead of in the UPDATE's FROM took 0.06–0.07 ms of the API
 * process's CPU and 0.1 ms of wall time off each save (docs/activity.md, sixth pass).
 */
export function lockedForSave<Query extends { forUpdate(of?: never): Query }>(
  trx: Db,
  query: Query,
  alias: string,
): Query {
  return isPostgres(trx) && recordingActivity() ? query.forUpdate(alias as never) : query;
}

export interface ReturningOld<Field extends string, Saved> {
  /** The `fields` before the change; undefined when they were not asked for. */
  before?: Record<Field, unknown>;
  /** The `returning` columns after the change. */
  saved: Saved;
}

/**
 * Runs `update` of the row `key` names and answers the `returning` columns after it and, when
 * `withOld` (by default: while the history records), the `fields` as they were before it:
 * `before` when the caller read them (lockedForSave), else read by the UPDATE itself.
 * Undefined when the organisation has no such row.
 */
export async function updateReturningOld<Field extends string, Saved>(
  trx: Db,
  table: SavedTable,
  key: { organizationId: string; id: string },
  update: RowUpdate,
  options: {
    fields: readonly Field[];
    returning: readonly string[];
    withOld?: boolean;
    /**
     * The `fields` as the caller read them in this transaction through lockedForSave: the
     * UPDATE is then the plain one, and `before` is this.
     */
    before?: Record<Field, unknown>;
  },
): Promise<ReturningOld<Field, Saved> | undefined> {
  const { fields, returning } = options;
  const named = update.returning(returning as never).modifyEnd(sql.raw(NAMED_STATEMENT));
  const withOld = options.withOld ?? recordingActivity();
  if (!withOld || options.before !== undefined) {
    const saved = (await named.executeTakeFirst()) as Saved | undefined;
    if (!saved) return undefined;
    return withOld ? { before: options.before, saved } : { saved };
  }
  if (isPostgres(trx)) {
    const parts = oldParts(fields);
    // No join condition: the subquery's WHERE pins the one row the UPDATE's WHERE pins (the
    // same organisation and id, the primary key), so the join is of one row with itself.
    const row = (await named
      .from(
        sql`(select ${parts.columns} from ${sql.table(table)}
          where organization_id = ${key.organizationId} and id = ${key.id} for update)`.as('old'),
      )
      .returning(parts.returning as never)
      .executeTakeFirst()) as (Saved & Record<string, unknown>) | undefined;
    if (!row) return undefined;
    const before = {} as Record<Field, unknown>;
    for (const field of fields) before[field] = row[`old_${field}`];
    return { before, saved: row };
  }
  // The SELECT and the UPDATE reach SQLite's writer thread in one message (runTogether):
  // one wake-up of that thread each way instead of two.
  const [read, written] = await runTogether(trx, [
    CompiledQuery.raw(oldRowSqlite(table, fields), [key.organizationId, key.id]),
    named.compile(),
  ]);
  const before = read.rows[0] as Record<Field, unknown> | undefined;
  const saved = written.rows[0] as Saved | undefined;
  if (!before || !saved) return undefined;
  return { before, saved };
}
