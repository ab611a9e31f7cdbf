import type { RuntimeConfig } from './runtime-config';

/** The origin of an absolute URL (`https://cdn.example.com`), or null for a same-origin path. */
function originOf(url: string): string | null {
  try {
    return /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? new URL(url).origin : null;
  } catch {
    return null;
  }
}

/**
 * The Content-Security-Policy of the shell's page. Scripts and data come from this origin and
 * from wherever config.json sends the browser (remotes on a CDN, an API elsewhere): it is built
 * from the same config.json the page gets (per request), so a release or a rollback that moves a
 * remote never leaves the policy behind. Inline styles are allowed because styled-components
 * injects its CSS at run time. `inlineScripts` are the hashes of the page's own inline scripts
 * (inline-scripts.ts): those run, no other.
 */
export function contentSecurityPolicy(config: RuntimeConfig, inlineScripts: string[] = []): string {
  const remoteOrigins = Object.values(config.remotes).map(({ entry }) =>
    entry ? originOf(entry) : null,
  );
  const apiOrigin = originOf(config.apiBaseUrl);
  const list = (...origins: (string | null)[]) =>
    ["'self'", ...new Set(origins.filter((origin): origin is string => origin !== null))].join(' ');
  return [
    "default-src 'self'",
    `script-src ${[list(...remoteOrigins), ...inlineScripts].join(' ')}`,
    `connect-src ${list(...remoteOrigins, apiOrigin)}`,
    "style-src 'self' 'unsafe-inline'",
    // blob: the preview of a certificate's document (issue 26): its bytes are fetched with the
    // token and shown from a blob URL; only PDF, JPEG, PNG and WebP are made into one.
    `img-src ${list(...remoteOrigins)} data: blob:`,
    "frame-src 'self' blob:",
    `font-src ${list(...remoteOrigins)} data:`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Headers of the shell's page besides its policy. */
export const PAGE_HEADERS: Record<string, string> = {
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};
