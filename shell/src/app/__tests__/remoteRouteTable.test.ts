import { remoteOwningPath } from '../remoteRouteTable';
import { remoteForPath } from '../routes';

// The entry chunk picks the remote to start loading with remoteOwningPath; the page renders
// the one React Router's ranking picks. Both must agree, or start-up loads the wrong remote.
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
    expect(remoteOwningPath(path)).toBe(remoteForPath(path));
  });

  it('names the owners of the spec paths', () => {
    expect(remoteOwningPath('/tasks/dashboard')).toBe('remote_team');
    expect(remoteOwningPath('/tasks/7')).toBe('remote_tasks');
    expect(remoteOwningPath('/users/7')).toBe('remote_employees');
    expect(remoteOwningPath('/dashboard')).toBeNull();
  });
});
