/**
 * What the served page carries for its path (api/src/web/boot.ts, issue 32): the runtime config
 * and the route's remote manifest, as JSON in the page. Free of React (the entry chunk reads it).
 */
/** The id of the JSON the server writes into an app page (api/src/web/boot.ts, issue 32). */
export const BOOT_ELEMENT_ID = 'duly-boot';

/** What the served page carries for its path: the config, the route's remote manifest. */
export interface InlineBoot {
  config?: unknown;
  /** Manifest URL → manifest (remoteManifestPlugin.ts hands them to the runtime). */
  manifests?: Record<string, unknown>;
  /**
   * On a page written by a server older than the list of first requests (issue 32's first
   * round): the RTK Query endpoint whose answer the page's one first request is. A current page
   * names each request's endpoint in the request itself (`window.dulyPrefetch`).
   */
  firstEndpoint?: string;
  /** The session cookie's endpoint and what the server found in it (app/sessionCookie.ts). */
  session?: unknown;
}

/** The page's inline boot data, or null (a page served without it, a test). */
export function inlineBoot(doc: Document = document): InlineBoot | null {
  const text = doc.getElementById(BOOT_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const boot = JSON.parse(text) as unknown;
    return isRecord(boot) ? (boot as InlineBoot) : null;
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
