/**
 * The sweep's loop: read a batch of due ids from a (status, date) index, handle the batch in
 * one transaction, and read again until nothing is due. A handled row leaves the due set (its
 * status or its pending reminder changes), so the loop reads what is due, not the table; one
 * transaction per batch keeps a few hundred due items to a few round trips.
 */
export const SWEEP_BATCH_SIZE = 500;

export async function forEachDueBatch(
  readBatch: (limit: number) => Promise<{ id: string }[]>,
  handle: (ids: string[]) => Promise<number>,
): Promise<number> {
  let handled = 0;
  const seen = new Set<string>();
  for (;;) {
    const rows = await readBatch(SWEEP_BATCH_SIZE);
    const fresh = rows.map((row) => row.id).filter((id) => !seen.has(id));
    for (const id of fresh) seen.add(id);
    if (fresh.length > 0) handled += await handle(fresh);
    // Rows another instance changed in between are not handled here but leave the set as
    // well; a batch of rows already seen means the rest stays due for a reason of its own.
    if (rows.length < SWEEP_BATCH_SIZE || fresh.length === 0) return handled;
  }
}
