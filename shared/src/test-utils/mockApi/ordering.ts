import { BadRequest } from './answers';

/** The sort keys each list accepts, mapped to the fields ordered by (api/src/db/repositories). */
export const MOCK_SORTS = {
  tasks: {
    due_date: ['due_date'],
    created_at: ['created_at'],
    title: ['title'],
    status: ['status', 'due_date'],
    // Most urgent first: open tasks (completed = 0) by due date, then completed ones.
    urgency: ['completed', 'due_date'],
  },
  certificates: {
    expiry_date: ['expiry_date'],
    created_at: ['created_at'],
    name: ['name'],
    status: ['status', 'expiry_date'],
  },
  employees: { full_name: ['full_name'], email: ['email'], created_at: ['created_at'] },
} as const;

export const DEFAULT_SORT = {
  tasks: 'due_date',
  certificates: 'expiry_date',
  employees: 'full_name',
};

type Row = object;

/** Sort keys the API computes rather than reads: `completed` is `(status = 'completed')`. */
const COMPUTED_FIELDS: Record<string, (row: Record<string, unknown>) => unknown> = {
  completed: (row) => (row.status === 'completed' ? 1 : 0),
};

function field(row: Row, name: string): unknown {
  const record = row as Record<string, unknown>;
  return COMPUTED_FIELDS[name]?.(record) ?? record[name];
}

/** SQL's order: nulls first when ascending (SQLite and the API's PostgreSQL index agree on it). */
function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const [left, right] = [String(a), String(b)];
  return left < right ? -1 : left > right ? 1 : 0;
}

/** `rows` in the order `sort` asks for (`-` first for descending), the id last; unknown: 400. */
export function sorted<T extends Row>(
  rows: T[],
  query: URLSearchParams,
  sorts: Record<string, readonly string[]>,
  fallback: string,
): T[] {
  const sort = query.get('sort') ?? fallback;
  const descending = sort.startsWith('-');
  const columns = sorts[descending ? sort.slice(1) : sort];
  if (!columns) throw new BadRequest('sort');
  const sign = descending ? -1 : 1;
  return [...rows].sort((a, b) => {
    for (const column of [...columns, 'id']) {
      const order = compare(field(a, column), field(b, column));
      if (order !== 0) return sign * order;
    }
    return 0;
  });
}

/** The API's `q`: contains, in any case. */
export function contains(text: unknown, q: string): boolean {
  return typeof text === 'string' && text.toLowerCase().includes(q.toLowerCase());
}
