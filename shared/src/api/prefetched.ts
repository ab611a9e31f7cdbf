/**
 * The answers to the page's first API requests, started by the served HTML before any script
 * arrived (api/src/web/boot.ts, issue 32): `window.dulyPrefetch`, a list (one object on a page
 * served before the list). The first GET of the same URL (path and query, in any order) with
 * the same token takes its answer instead of asking again, so a screen's query resolves as soon
 * as the answer is in, however late the screen's code came. Each is used once; a failed or
 * refused prefetch (null) falls back to a normal request.
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
  /** The RTK Query endpoint it answers (remotes.json `firstRequests`), for `seedPrefetched`. */
  endpoint?: string;
  /** The arguments the screen calls that endpoint's hook with; absent: a list's (its URL's query). */
  args?: unknown[];
  response: Promise<PrefetchedAnswer | null>;
}

declare global {
  interface Window {
    dulyPrefetch?: Prefetch | Prefetch[];
  }
}

/** The prefetches not taken yet. */
function pendingPrefetches(): Prefetch[] {
  if (typeof window === 'undefined') return [];
  const pending = window.dulyPrefetch;
  if (!pending) return [];
  return Array.isArray(pending) ? pending : [pending];
}

/** Takes `prefetch` off the page's list (nothing if it is gone already). */
function removePrefetch(prefetch: Prefetch): void {
  const rest = pendingPrefetches().filter((pending) => pending !== prefetch);
  if (rest.length > 0) window.dulyPrefetch = rest;
  else delete window.dulyPrefetch;
}

/** A request's URL as two requests for the same data compare: path and sorted query. */
export function requestKey(url: string, base: string): string {
  const parsed = new URL(url, base);
  parsed.searchParams.sort();
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}?${parsed.searchParams}`;
}

/** A URL compared by path and sorted query, against the page's origin. */
function normalised(url: string): string {
  return requestKey(url, window.location.href);
}

/** The prefetched answer for this GET, once, or undefined when there is none for it. */
export function takePrefetched(
  url: string,
  token: string | null,
): Promise<PrefetchedAnswer | null> | undefined {
  if (typeof window === 'undefined') return undefined;
  const wanted = normalised(url);
  const prefetch = pendingPrefetches().find(
    (pending) => pending.token === token && normalised(pending.url) === wanted,
  );
  if (!prefetch) return undefined;
  removePrefetch(prefetch);
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
 * The cache entry of a list's answer: the page the list endpoints' `pageQuery` gives, under the
 * arguments its screen sends for `url` (`listArgsOfUrl`); null when the answer is not a list.
 * The browser's seed (below) and the server's render (`@duly/shared/server`) both store this.
 */
export function listEntryOf(
  endpointName: string,
  url: string,
  answer: PrefetchedAnswer,
): { endpointName: string; arg: unknown; value: unknown } | null {
  if (!Array.isArray(answer.data)) return null;
  const value = toPage(answer.data as unknown[], {
    status: answer.status,
    headers: answer.headers,
  });
  return { endpointName, arg: listArgsOfUrl(url), value };
}

/** Upserts a list prefetch's page (`listEntryOf`); false when the answer is not a list. */
function upsertList(
  dispatch: (action: unknown) => unknown,
  upsertQueryEntries: UpsertQueryEntries,
  endpointName: string,
  request: { url: string },
  answer: PrefetchedAnswer,
): boolean {
  const entry = listEntryOf(endpointName, request.url, answer);
  if (!entry) return false;
  dispatch(upsertQueryEntries([entry]));
  return true;
}

/**
 * Puts the page's prefetched first answer (a list, `firstRequests` in remotes.json) into RTK
 * Query's cache as the result of `endpointName` with the arguments its screen sends
 * (`listArgsOfUrl`), before the first render (issue 32): the screen's hook then finds its rows
 * on its first render instead of showing a spinner and asking. The endpoint must be injected
 * already (its remote loaded). Resolves true when seeded; false (nothing prefetched for this
 * session, or the answer failed) leaves the screen to ask as usual. `seedPrefetched` seeds every
 * prefetch of the page, whatever its endpoint.
 */
export async function seedPrefetchedList(
  dispatch: (action: unknown) => unknown,
  upsertQueryEntries: UpsertQueryEntries,
  endpointName: string,
  token: string | null,
): Promise<boolean> {
  const prefetch = pendingPrefetches().find(
    (pending) => pending.token === token && (pending.endpoint ?? endpointName) === endpointName,
  );
  if (!prefetch) return false;
  const answer = await prefetch.response;
  // Taken only now: until the answer is in, a screen that asked meanwhile may still take it.
  removePrefetch(prefetch);
  if (!answer) return false;
  return upsertList(dispatch, upsertQueryEntries, endpointName, prefetch, answer);
}

/** What `seedPrefetched` uses of the one api (`baseApi`, its endpoints injected). */
export interface SeedableApi {
  endpoints: object;
  util: { upsertQueryEntries: unknown };
}

/** What an endpoint's `initiate` gives back: a promise of the result, and its subscription. */
interface Initiated extends PromiseLike<{ isSuccess?: boolean }> {
  unsubscribe?: () => void;
}

/** One of a page's first requests (remotes.json `firstRequests`), as a seed needs it. */
export interface FirstRequest {
  /** The request's URL (the API's base included). */
  url: string;
  /** The RTK Query endpoint it answers. */
  endpoint: string;
  /** The arguments the screen calls that endpoint's hook with; absent: a list's (its URL's query). */
  args?: unknown[];
}

/**
 * Puts one first request's answer into its endpoint's cache. With `args`, by running the
 * endpoint with them (`initiate`): its own query and `transformResponse` shape the value and
 * its cache key is the one the screen's hook computes from the same arguments; the base query
 * takes the answer the page already holds (`takePrefetched` in a browser, the store's
 * `knownAnswers` in a server render), so nothing is asked again. Without `args`, a list,
 * upserted (`listEntryOf`). A failed or refused answer (null: a 403 for this role) is never
 * seeded: the screen asks and shows what it shows for that answer.
 */
export async function seedAnswer(
  dispatch: (action: unknown) => unknown,
  api: SeedableApi,
  request: FirstRequest,
  answer: PrefetchedAnswer | null,
): Promise<boolean> {
  const endpoint = (api.endpoints as Record<string, { initiate?: unknown } | undefined>)[
    request.endpoint
  ];
  if (!answer || typeof endpoint?.initiate !== 'function') return false;
  if (!request.args)
    return upsertList(
      dispatch,
      api.util.upsertQueryEntries as UpsertQueryEntries,
      request.endpoint,
      request,
      answer,
    );
  const initiate = endpoint.initiate as (arg: unknown) => unknown;
  const started = dispatch(initiate(request.args[0])) as Initiated;
  const result = await started;
  // The entry outlives its subscription by the api's keepUnusedDataFor (60 s): the screen,
  // rendered next, subscribes to it.
  started.unsubscribe?.();
  return result.isSuccess === true;
}

/** Seeds one prefetch of the page (`seedAnswer`), then takes it off the page's list. */
async function seedOne(
  dispatch: (action: unknown) => unknown,
  api: SeedableApi,
  prefetch: Prefetch,
): Promise<boolean> {
  try {
    const answer = await prefetch.response;
    return await seedAnswer(
      dispatch,
      api,
      { url: prefetch.url, endpoint: prefetch.endpoint!, args: prefetch.args },
      answer,
    );
  } finally {
    // Used or not, never taken later: a GET of this URL minutes later must ask the server.
    removePrefetch(prefetch);
  }
}

/**
 * Seeds every answer the page prefetched for this session (`token`) into the endpoint it
 * declares (remotes.json `firstRequests`, issue 32), before the first render: the screen's
 * hooks then find their data on their first render instead of showing a spinner and asking.
 * The endpoints must be injected already (the page's remote loaded). Resolves true when every
 * one was seeded (nothing of the screen's data arrives during the first render); false when
 * there was none or one failed (that screen asks as usual).
 */
export async function seedPrefetched(
  dispatch: (action: unknown) => unknown,
  api: SeedableApi,
  token: string | null,
): Promise<boolean> {
  const prefetches = pendingPrefetches().filter(
    (pending) => pending.token === token && typeof pending.endpoint === 'string',
  );
  if (prefetches.length === 0) return false;
  const seeded = await Promise.all(prefetches.map((prefetch) => seedOne(dispatch, api, prefetch)));
  return seeded.every(Boolean);
}
