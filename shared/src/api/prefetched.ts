/**
 * The answer to the page's first API request, started by the served HTML before any script
 * arrived (api/src/web/boot.ts, issue 32): `window.dulyPrefetch`. The first GET of the same URL
 * (path and query, in any order) with the same token takes it instead of asking again, so the
 * screen's query resolves as soon as the answer is in, however late the screen's code came.
 * Used once; a failed or refused prefetch (null) falls back to a normal request.
 */
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
