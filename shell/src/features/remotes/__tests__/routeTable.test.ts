import { matchRoutes } from 'react-router-dom';
import { registryRouteTable } from '../../../testing/remotes';
import { remoteOwningPath, setRemoteRouteTable } from '../routeTable';

// The table config.json gives the shell: remotes.json's paths.
const REMOTE_ROUTE_TABLE = registryRouteTable();
beforeAll(() => setRemoteRouteTable(REMOTE_ROUTE_TABLE));

// remoteOwningPath decides both which remote the entry chunk starts loading and which one the
// page renders. It must rank the table's patterns exactly as React Router would, so React
// Router's own matcher is the reference here.
function reactRouterOwner(pathname: string) {
  const routes = REMOTE_ROUTE_TABLE.map(({ path }, index) => ({ path, id: String(index) }));
  const leaf = matchRoutes(routes, pathname)?.at(-1);
  return leaf ? REMOTE_ROUTE_TABLE[Number(leaf.route.id)].remote : null;
}

const PATHS = [
  '/',
  '/dashboard',
  '/login',
  '/signup',
  '/tasks',
  '/tasks/',
  '/TASKS',
  '/tasks/create',
  '/tasks/42',
  '/tasks/42/edit',
  '/tasks/1/2/3',
  '/tasks/dashboard',
  '/tasks/dashboard/',
  '/Tasks/Dashboard',
  '/tasks/dashboard/more',
  '/tasksx',
  '/employee',
  '/employee/dashboard',
  '/employee/dashboard/x',
  '/employee/tasks',
  '/employees',
  '/employees/3/edit',
  '/users',
  '/users/3',
  '/certificates',
  '/certificates/create',
  '/certificates/7/edit',
  '/certificates%2Fx',
  '/tasks/%E2%9C%93',
  '/tasks/%zz',
  '/nowhere',
  '//tasks',
  '/tasks//x',
  '/tasks//dashboard',
  '/tasks/dashboard//',
  'tasks',
];

describe('remoteOwningPath', () => {
  it.each(PATHS)('agrees with React Router on %s', (path) => {
    expect(remoteOwningPath(path)).toBe(reactRouterOwner(path));
  });

  it('names the owners of the spec paths', () => {
    expect(remoteOwningPath('/tasks/dashboard')).toBe('remote_team');
    expect(remoteOwningPath('/tasks/7')).toBe('remote_tasks');
    expect(remoteOwningPath('/users/7')).toBe('remote_employees');
    expect(remoteOwningPath('/dashboard')).toBeNull();
  });
});
