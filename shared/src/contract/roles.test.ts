import { roleAtLeast } from './roles';

describe('roleAtLeast (admin ⊇ manager ⊇ employee)', () => {
  it.each([
    ['employee', 'employee', true],
    ['employee', 'manager', false],
    ['manager', 'manager', true],
    ['manager', 'admin', false],
    ['admin', 'manager', true],
    [' Manager ', 'manager', true],
    ['ADMIN', 'employee', true],
    ['owner', 'employee', false],
    ['toString', 'employee', false],
    [null, 'employee', false],
    [undefined, 'employee', false],
  ] as const)('%p is at least %p: %p', (role, least, expected) => {
    expect(roleAtLeast(role, least)).toBe(expected);
  });
});
