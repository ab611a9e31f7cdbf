/**
 * A save's old values (the history's "from") read by the UPDATE itself on PostgreSQL: the row
 * is selected `for update` in the UPDATE's FROM, and RETURNING gives its columns before the
 * change beside the new ones, one statement where a locked SELECT and then the UPDATE took
 * two round trips (bench/activity-bench.ts). SQLite's RETURNING cannot name a FROM table, and
 * its transactions hold the only writer (begin immediate), so there the row is read first.
 *
 * The old columns come out renamed `old_<column>`: unprefixed, they would make every column
 * the SET names (`status` in a CASE, say) ambiguous between the table and the old row.
 */
import { PostgresAdapter } from 'kysely';
import type { Db } from './tables';

export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** `old_title` for `title`: the names the old row's columns take. */
export type OldNames<Field extends string> = `old_${Field}`;

/** The select list of the old row: `title as old_title`, … */
export function asOld<Field extends string>(
  fields: readonly Field[],
): `${Field} as ${OldNames<Field>}`[] {
  return fields.map((field) => `${field} as old_${field}` as `${Field} as ${OldNames<Field>}`);
}

/** `old.old_title`, …: the old values in RETURNING. */
export function returningOld<Field extends string>(
  fields: readonly Field[],
): `old.${OldNames<Field>}`[] {
  return fields.map((field) => `old.old_${field}` as `old.${OldNames<Field>}`);
}

/** Splits a row RETURNING gave into the old values and the rest. */
export function oldValuesOf<Field extends string, Row extends Record<OldNames<Field>, unknown>>(
  row: Row,
  fields: readonly Field[],
): Record<Field, unknown> {
  const before = {} as Record<Field, unknown>;
  for (const field of fields) before[field] = row[`old_${field}` as OldNames<Field>];
  return before;
}
