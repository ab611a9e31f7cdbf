/**
 * Reading a whole list in batches without OFFSET: each batch starts after the sort key of the
 * previous batch's last row (`(k1, k2, id) > (…)`, a row-value comparison both SQLite and
 * PostgreSQL read from the list's index). Memory stays one batch, whatever the list's length.
 */
import { sql, type AliasedRawBuilder, type RawBuilder } from 'kysely';
import { checkHeap } from '../import/heap';

export const EXPORT_BATCH = 1000;

export interface KeysetOrder {
  /** The sort expressions, most significant first, ending with the row id; never null. */
  keys: RawBuilder<unknown>[];
  direction: 'asc' | 'desc';
}

/** `(k1, …, id) > (v1, …, vid)` (or `<` descending). */
export function afterKey(order: KeysetOrder, last: readonly unknown[]): RawBuilder<boolean> {
  const op = order.direction === 'asc' ? sql`>` : sql`<`;
  return sql<boolean>`(${sql.join(order.keys)}) ${op} (${sql.join(last.map((v) => sql.val(v)))})`;
}

/** The sort keys selected as `k0`, `k1`…, so the last row's key can be read back. */
export function keyColumns(order: KeysetOrder): AliasedRawBuilder<unknown, string>[] {
  return order.keys.map((key, index) => key.as(`k${index}`));
}

/** The batches, one after the other, until one comes back short. */
export async function* keysetBatches<Row extends Record<string, unknown>>(
  order: KeysetOrder,
  fetch: (after: RawBuilder<boolean> | undefined, limit: number) => Promise<Row[]>,
  batch = EXPORT_BATCH,
): AsyncGenerator<Row[]> {
  let after: RawBuilder<boolean> | undefined;
  for (;;) {
    const rows = await fetch(after, batch);
    // Each batch is garbage once written; V8 would let a million rows' worth grow the old
    // generation by 100+ MB before collecting it (PostgreSQL, `npm run bench:export`), so the
    // export asks for a collection after every 16 MB of growth, as the import does.
    checkHeap();
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
    const last = rows[rows.length - 1];
    after = afterKey(
      order,
      order.keys.map((_, index) => last[`k${index}`]),
    );
  }
}
