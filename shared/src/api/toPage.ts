import { TOTAL_COUNT_HEADER } from '../contract/constants';
import type { Page } from '../contract/types';
import type { ApiMeta } from './axiosBaseQuery';

/**
 * A list answer → `Page<T>`: the body is the array, the total comes in
 * `X-Total-Count` (ARCHITECTURE 6). Without a readable header the total is the
 * number of items received. Use as `transformResponse: (items: Task[], meta) => toPage(items, meta)`.
 */
export function toPage<T>(items: T[], meta: ApiMeta | undefined): Page<T> {
  const header = meta?.headers[TOTAL_COUNT_HEADER.toLowerCase()];
  const total = header === undefined || header.trim() === '' ? Number.NaN : Number(header);
  return { items, total: Number.isInteger(total) && total >= 0 ? total : items.length };
}
