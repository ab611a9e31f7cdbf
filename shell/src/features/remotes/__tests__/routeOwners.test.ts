import { registryRouteTable } from '../../../testing/remotes';
import {
  remoteOwningPath as remoteForPath,
  routesOutside,
  setRemoteRouteTable,
} from '../routeTable';

// The owners remotes.json gives the spec's paths (ARCHITECTURE 2).
beforeAll(() => setRemoteRouteTable(registryRouteTable()));

describe('route table', () => {
  it.each([
    ['/tasks', 'remote_tasks'],
    ['/tasks/create', 'remote_tasks'],
    ['/tasks/42', 'remote_tasks'],
    ['/tasks/42/edit', 'remote_tasks'],
    ['/tasks/dashboard', 'remote_team'],
    ['/employee/dashboard', 'remote_team'],
    ['/certificates', 'remote_certificates'],
    ['/certificates/create', 'remote_certificates'],
    ['/certificates/7/edit', 'remote_certificates'],
    ['/employees', 'remote_employees'],
    ['/employees/3/edit', 'remote_employees'],
    ['/users/3', 'remote_employees'],
  ])('sends %s to %s', (path, remote) => {
    expect(remoteForPath(path)).toBe(remote);
  });

  it.each(['/', '/dashboard', '/login', '/employee', '/employee/tasks', '/nowhere'])(
    'keeps %s for the shell',
    (path) => {
      expect(remoteForPath(path)).toBeNull();
    },
  );
});

describe('routes a remote renders outside the paths it owns', () => {
  it('are none when every path is under an owned prefix or exact path', () => {
    expect(
      routesOutside(['/tasks', '/tasks/create', '/tasks/:taskId/edit', '*'], ['/tasks/*']),
    ).toEqual([]);
    expect(
      routesOutside(
        ['/tasks/dashboard', '/employee/dashboard'],
        ['/tasks/dashboard', '/employee/dashboard'],
      ),
    ).toEqual([]);
  });

  it('are named otherwise', () => {
    expect(routesOutside(['/tasks', '/reports', '/taskset'], ['/tasks/*'])).toEqual([
      '/reports',
      '/taskset',
    ]);
    expect(routesOutside(['/tasks/dashboard/more'], ['/tasks/dashboard'])).toEqual([
      '/tasks/dashboard/more',
    ]);
  });
});
