import { listFilter, optionsOf, statusFilter } from '../screen/filters';

describe('optionsOf', () => {
  it('labels each value, by the value itself when no label is given', () => {
    expect(optionsOf(['Sales', 'HR'])).toEqual([
      { value: 'Sales', label: 'Sales' },
      { value: 'HR', label: 'HR' },
    ]);
    expect(optionsOf([7, 30], (days) => `Next ${days} days`)).toEqual([
      { value: 7, label: 'Next 7 days' },
      { value: 30, label: 'Next 30 days' },
    ]);
  });
});

describe('listFilter and statusFilter', () => {
  it("make a FilterBar drop-down: name, label, the 'all' choice and the options", () => {
    expect(listFilter('role', 'Filter by Role', 'All roles', ['admin'], () => 'Admin')).toEqual({
      name: 'role',
      label: 'Filter by Role',
      placeholder: 'All roles',
      options: [{ value: 'admin', label: 'Admin' }],
    });
    expect(statusFilter(['in_progress', 'overdue'])).toEqual({
      name: 'status',
      label: 'Filter by Status',
      placeholder: 'All statuses',
      options: [
        { value: 'in_progress', label: 'In Progress' },
        { value: 'overdue', label: 'Overdue' },
      ],
    });
  });
});
