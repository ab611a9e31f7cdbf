/**
 * The answer to the page's first API request, started by the served HTML before any script
 * arrived (api/src/web/boot.ts, issue 32): `window.dulyPrefetch`. The first GET of the same URL
 * (path and query, in any order) with the same token takes it instead of asking again, so the
 * screen's query resolves as soon as the answer is in, however late the screen's code came.
 * Used once; a failed or refused prefetch (null) falls back to a normal request.
 */
import { toPage } from './toPage';

export interface PrefetchedAnswer {
  status: number;
  headers: Record<string, string>;
  data: unknown;
}

interface Prefetch {
  url: string;
  token: string;
  response: Promise<PrefetchedAnswer | null>;
}

declare global {
  interface Window {
    dulyPrefetch?: Prefetch;
  }
}

/** A URL compared by path and sorted query, against the page's origin. */
function normalised(url: string): string {
  const parsed = new URL(url, window.location.href);
  parsed.searchParams.sort();
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}?${parsed.searchParams}`;
}

/** The prefetched answer for this GET, once, or undefined when there is none for it. */
export function takePrefetched(
  url: string,
  token: string | null,
): Promise<PrefetchedAnswer | null> | undefined {
  if (typeof window === 'undefined') return undefined;
  const prefetch = window.dulyPrefetch;
  if (!prefetch || prefetch.token !== token) return undefined;
  if (normalised(prefetch.url) !== normalised(url)) return undefined;
  delete window.dulyPrefetch;
  return prefetch.response;
}

/**
 * The arguments a list screen's query is called with (useListParams' `params`) when it sends
 * this URL's query: `limit` and `offset` as numbers, every other parameter as its string. RTK
 * Query keys its cache by the serialized arguments, so this is what the seed is stored under.
 */
export function listArgsOfUrl(url: string): Record<string, string | number> {
  const args: Record<string, string | number> = {};
  for (const [name, value] of new URL(url, 'http://duly.invalid').searchParams) {
    args[name] =
      (name === 'limit' || name === 'offset') && /^\d+$/.test(value) ? Number(value) : value;
  }
  return args;
}

/** What `seedPrefetchedList` dispatches: RTK Query's `upsertQueryEntries` of the one api. */
type UpsertQueryEntries = (
  entries: { endpointName: string; arg: unknown; value: unknown }[],
) => unknown;

/**
 * Puts the page's prefetched first answer (a list, `firstRequests` in remotes.json) into RTK
 * Query's cache as the result of `endpointName` with the arguments its screen sends
 * (`listArgsOfUrl`), before the first render (issue 32): the screen's hook then finds its rows
 * on its first render instead of showing a spinner and asking. The endpoint must be injected
 * already (its remote loaded). Resolves true when seeded; false (nothing prefetched for this
 * session, or the answer failed) leaves the screen to ask as usual.
 */
export async function seedPrefetchedList(
  dispatch: (action: unknown) => unknown,
  upsertQueryEntries: UpsertQueryEntries,
  endpointName: string,
  token: string | null,
): Promise<boolean> {
  if (typeof window === 'undefined') return false;
  const prefetch = window.dulyPrefetch;
  if (!prefetch || prefetch.token !== token) return false;
  const answer = await prefetch.response;
  // Taken only now: until the answer is in, a screen that asked meanwhile may still take it.
  if (window.dulyPrefetch === prefetch) delete window.dulyPrefetch;
  if (!answer || !Array.isArray(answer.data)) return false;
  const value = toPage(answer.data as unknown[], {
    status: answer.status,
    headers: answer.headers,
  });
  dispatch(upsertQueryEntries([{ endpointName, arg: listArgsOfUrl(prefetch.url), value }]));
  return true;
}
