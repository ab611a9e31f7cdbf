/**
 * Which remote owns which path (ARCHITECTURE 2, docs/module-federation.md).
 * React Router ranks the patterns, so `/tasks/dashboard` goes to the team
 * remote although `/tasks/*` matches it too. Everything not listed in the
 * table (remoteRouteTable.ts), nor in App.tsx, is "Page not found".
 */
import { matchRoutes } from 'react-router-dom';
import { type RemoteName } from '../features/remotes';
import { REMOTE_ROUTE_TABLE } from './remoteRouteTable';

export { REMOTE_ROUTE_TABLE };

const routeObjects = REMOTE_ROUTE_TABLE.map(({ path, remote }) => ({ path, id: remote + path }));
const remoteById = new Map(
  routeObjects.map((route, index) => [route.id, REMOTE_ROUTE_TABLE[index].remote]),
);

/** The remote that owns `pathname`, or null when it is the shell's (or nobody's). */
export function remoteForPath(pathname: string): RemoteName | null {
  const matches = matchRoutes(routeObjects, pathname);
  const leaf = matches?.[matches.length - 1];
  return leaf ? (remoteById.get(leaf.route.id) ?? null) : null;
}
