import { canManage, roleHome } from '../roleHome';

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

describe('canManage', () => {
  it.each([
    ['admin', true],
    ['Manager', true],
    [' MANAGER ', true],
    ['employee', false],
    ['auditor', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('%j → %s', (role, expected) => {
    expect(canManage(role)).toBe(expected);
  });
});
