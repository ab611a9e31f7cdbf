/**
 * A list's order as the API spells it (ARCHITECTURE 6): a column, `-` first for descending
 * (`due_date`, `-due_date`). The URL keeps the same spelling, so a sorted list's address is the
 * request it makes.
 */
export type SortDirection = 'asc' | 'desc';

export interface SortOrder {
  column: string;
  direction: SortDirection;
}

export function parseSort(sort: string): SortOrder {
  return sort.startsWith('-')
    ? { column: sort.slice(1), direction: 'desc' }
    : { column: sort, direction: 'asc' };
}

export function formatSort({ column, direction }: SortOrder): string {
  return direction === 'desc' ? `-${column}` : column;
}

/**
 * The order after a click on `column`'s header: the other direction when the list is already
 * sorted by it, else ascending.
 */
export function toggleSort(current: string | undefined, column: string): string {
  const order = current ? parseSort(current) : undefined;
  if (order?.column === column) {
    return formatSort({ column, direction: order.direction === 'asc' ? 'desc' : 'asc' });
  }
  return column;
}
