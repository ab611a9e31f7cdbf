/**
 * Keeps an import job's garbage from growing the process. V8 collects the old generation
 * only when it has grown to a multiple of what survived the last full collection (up to 4×
 * with the server's default heap limit), so a job that allocates steadily for a minute leaves
 * the resident memory of the API a few hundred MB higher, although it only ever holds one
 * chunk (bench/import-bench.ts: 50,000 rows took the server from ~200 MB to ~540 MB). The
 * job asks for a full collection when the old generation has grown by HEAP_BUDGET since it
 * last did: a few tens of milliseconds, a few times per 50,000 rows, and the heap stays
 * bounded. (The young generation is left out: it empties itself, often, and cheaply.)
 */
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Growth of the old generation (bytes) after which a job asks for a full collection. */
export const HEAP_BUDGET = 16 * 1024 * 1024;

let collect: (() => void) | null | undefined;

/** V8's own `gc()`: exposed to a fresh context only, never to the application's globals. */
function collector(): (() => void) | null {
  if (collect === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      collect = runInNewContext('gc') as () => void;
    } catch {
      collect = null;
    }
  }
  return collect;
}

/** What the old generation holds: V8's old space, and its space for large objects. */
const oldGeneration = () =>
  getHeapSpaceStatistics()
    .filter(
      (space) => space.space_name === 'old_space' || space.space_name === 'large_object_space',
    )
    .reduce((total, space) => total + space.space_used_size, 0);

let base: number | undefined;

/** A full collection now; the old generation's size after it is the next check's base. */
function collectGarbage(): void {
  collector()?.();
  base = oldGeneration();
}

/**
 * After each chunk of an import (any organisation's: the heap is the process's): a full
 * collection when the old generation has grown by `budget` since the last one.
 */
export function checkHeap(budget = HEAP_BUDGET): void {
  if (base === undefined) base = oldGeneration();
  if (oldGeneration() - base >= budget) collectGarbage();
}

/**
 * The batches, with checkHeap() before each: the garbage of work spread over many awaits (an
 * upload parsed as it is stored) survives into the old generation and would pile up there.
 */
export async function* heapChecked<T>(batches: AsyncIterable<T>): AsyncGenerator<T> {
  for await (const batch of batches) {
    checkHeap();
    yield batch;
  }
}
