/** Pagination, sorting and text search shared by the list queries. */
import { PAGE_SIZE_DEFAULT } from '@duly/shared/contract';

export interface Page {
  limit: number;
  offset: number;
}

export function pageOf(query: { limit?: number; offset?: number }): Page {
  return { limit: query.limit ?? PAGE_SIZE_DEFAULT, offset: query.offset ?? 0 };
}

export interface SortOrder<Column extends string> {
  /** Columns to order by, most significant first; the row id is always the last tie-breaker. */
  columns: readonly Column[];
  direction: 'asc' | 'desc';
}

/**
 * `due_date` → ascending, `-due_date` → descending. `columnsFor` maps a sort
 * key to its index-backed column list; the key was checked by the route schema.
 */
export function parseSort<Key extends string, Column extends string>(
  sort: string | undefined,
  columnsFor: Record<Key, readonly Column[]>,
  fallback: Key,
): SortOrder<Column> {
  const descending = sort?.startsWith('-') ?? false;
  const key = (descending ? sort!.slice(1) : (sort ?? fallback)) as Key;
  return {
    columns: columnsFor[key] ?? columnsFor[fallback],
    direction: descending ? 'desc' : 'asc',
  };
}

/** `%text%` for LIKE, with the wildcards a user typed taken literally (ESCAPE '\'). */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The total for `X-Total-Count`. A page shorter than the limit already tells
 * the total, which saves the count query on the last page and on small lists.
 */
export async function totalOf(
  page: Page,
  itemCount: number,
  count: () => Promise<number>,
): Promise<number> {
  if (itemCount > 0 && itemCount < page.limit) return page.offset + itemCount;
  if (itemCount === 0 && page.offset === 0) return 0;
  return count();
}
