/**
 * The sweep's loop: read a batch of due rows from a (status, date) index, handle each in its
 * own transaction, and read again until nothing is due. A handled row leaves the due set (its
 * status or its pending reminder changes), so the loop reads what is due, not the table.
 */
export const SWEEP_BATCH_SIZE = 500;

export async function forEachDue<Row extends { id: string }>(
  readBatch: (limit: number) => Promise<Row[]>,
  handle: (row: Row) => Promise<boolean>,
): Promise<number> {
  let handled = 0;
  const seen = new Set<string>();
  for (;;) {
    const rows = await readBatch(SWEEP_BATCH_SIZE);
    const fresh = rows.filter((row) => !seen.has(row.id));
    for (const row of fresh) {
      seen.add(row.id);
      if (await handle(row)) handled += 1;
    }
    // A row another instance changed in between is not handled here but leaves the set as
    // well; a batch of rows already seen means the rest stays due for a reason of its own.
    if (rows.length < SWEEP_BATCH_SIZE || fresh.length === 0) return handled;
  }
}
