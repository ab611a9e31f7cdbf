import { remoteOwningPath as remoteForPath } from '../remoteRouteTable';

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
