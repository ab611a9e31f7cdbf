/**
 * Which remote owns which path (ARCHITECTURE 2, docs/module-federation.md). React Router
 * ranks these patterns, so `/tasks/dashboard` goes to the team remote although `/tasks/*`
 * matches it too; everything not listed here, nor in App.tsx, is "Page not found".
 *
 * Free of React and React Router on purpose: the entry chunk (index.ts) uses it to start
 * loading the page's remote before the shared singletons have arrived, and the rendered app
 * uses the same function, so the two can never disagree. A test checks that it ranks this
 * table's patterns (static segments, optionally ending in `/*`) exactly as React Router does.
 */
import { type RemoteName } from '../features/remotes/registry';

export const REMOTE_ROUTE_TABLE: readonly { path: string; remote: RemoteName }[] = [
  { path: '/tasks/dashboard', remote: 'remote_team' },
  { path: '/employee/dashboard', remote: 'remote_team' },
  { path: '/tasks/*', remote: 'remote_tasks' },
  { path: '/certificates/*', remote: 'remote_certificates' },
  { path: '/employees/*', remote: 'remote_employees' },
  { path: '/users/*', remote: 'remote_employees' },
];

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

const PATTERNS = REMOTE_ROUTE_TABLE.map(({ path, remote }) => {
  const splat = path.endsWith('/*');
  return { segments: segmentsOf(splat ? path.slice(0, -2) : path), splat, remote };
});

/**
 * The remote that owns `pathname`, or null. An exact path wins over a `/*` prefix, and a longer
 * prefix over a shorter one: React Router's ranking for static segments and splats.
 */
export function remoteOwningPath(pathname: string): RemoteName | null {
  const path = segmentsOf(pathname);
  let best: { remote: RemoteName; score: number } | null = null;
  for (const pattern of PATTERNS) {
    const { segments, splat } = pattern;
    if (path.length < segments.length || (!splat && path.length !== segments.length)) continue;
    if (!segments.every((segment, index) => segment === path[index])) continue;
    const score = segments.length * 2 + (splat ? 0 : 1);
    if (!best || score > best.score) best = { remote: pattern.remote, score };
  }
  return best?.remote ?? null;
}
