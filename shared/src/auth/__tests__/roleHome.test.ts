import { roleHome } from '../roleHome';

describe('roleHome', () => {
  it.each([
    ['manager', '/tasks/dashboard'],
    ['Manager', '/tasks/dashboard'],
    ['MANAGER', '/tasks/dashboard'],
    ['employee', '/employee/dashboard'],
    ['Employee', '/employee/dashboard'],
    ['admin', '/dashboard'],
    ['auditor', '/dashboard'],
    ['', '/dashboard'],
    [null, '/dashboard'],
    [undefined, '/dashboard'],
  ])('sends %j to %s', (role, home) => {
    expect(roleHome(role)).toBe(home);
  });
});
