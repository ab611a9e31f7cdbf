/**
 * Which remote owns which path (ARCHITECTURE 2, docs/module-federation.md). The table comes
 * from config.json (each remote's `routes`, from remotes.json) through `registerRemoteEntries`.
 * React Router ranks these patterns, so `/tasks/dashboard` goes to the team remote although
 * `/tasks/*` matches it too; everything not listed here, nor in App.tsx, is "Page not found".
 *
 * Free of React and React Router on purpose: the entry chunk (index.ts) uses it to start
 * loading the page's remote before the shared singletons have arrived, and the rendered app
 * uses the same function, so the two can never disagree. A test checks that it ranks the
 * patterns (static segments, optionally ending in `/*`) exactly as React Router does.
 */
/** A Module Federation container name (`remote_tasks`). */
export type RemoteName = string;

export interface RemoteRoute {
  path: string;
  remote: RemoteName;
}

/**
 * Path segments as React Router compares them: decoded, case-insensitive, trailing slashes
 * ignored (an empty segment inside the path, as in `//tasks`, still counts).
 */
function segmentsOf(path: string): string[] {
  let decoded = path;
  try {
    decoded = decodeURI(path);
  } catch {
    // Malformed escapes: React Router matches the raw path too.
  }
  return decoded.toLowerCase().replace(/\/+$/, '').split('/').slice(1);
}

interface Pattern {
  segments: string[];
  splat: boolean;
}

function patternOf(path: string): Pattern {
  const splat = path.endsWith('/*');
  return { segments: segmentsOf(splat ? path.slice(0, -2) : path), splat };
}

let table: readonly RemoteRoute[] = [];
let patterns: (Pattern & { remote: RemoteName })[] = [];

/** Replaces the table (registry.ts, from config.json). */
export function setRemoteRouteTable(routes: readonly RemoteRoute[]): void {
  table = routes;
  patterns = routes.map(({ path, remote }) => ({ ...patternOf(path), remote }));
}

/** The current table, for tests and diagnostics. */
export function remoteRouteTable(): readonly RemoteRoute[] {
  return table;
}

function matches({ segments, splat }: Pattern, path: string[]): boolean {
  if (path.length < segments.length || (!splat && path.length !== segments.length)) return false;
  return segments.every((segment, index) => segment === path[index]);
}

/**
 * The route paths (React Router patterns, full paths) that none of `owned` covers: a remote
 * that renders them would never be sent there by the shell. The catch-all `*` (the remote's
 * "Page not found") is always inside.
 */
export function routesOutside(routePaths: readonly string[], owned: readonly string[]): string[] {
  const ownedPatterns = owned.map(patternOf);
  return routePaths.filter((routePath) => {
    if (routePath === '*') return false;
    return !ownedPatterns.some((pattern) => matches(pattern, patternOf(routePath).segments));
  });
}

/**
 * The remote that owns `pathname`, or null. An exact path wins over a `/*` prefix, and a longer
 * prefix over a shorter one: React Router's ranking for static segments and splats.
 */
export function remoteOwningPath(pathname: string): RemoteName | null {
  const path = segmentsOf(pathname);
  let best: { remote: RemoteName; score: number } | null = null;
  for (const pattern of patterns) {
    if (!matches(pattern, path)) continue;
    const score = pattern.segments.length * 2 + (pattern.splat ? 0 : 1);
    if (!best || score > best.score) best = { remote: pattern.remote, score };
  }
  return best?.remote ?? null;
}
