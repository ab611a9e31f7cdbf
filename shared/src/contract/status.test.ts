import {
  certificateStatusMeta,
  employeeStatusMeta,
  statusLabel,
  taskStatusMeta,
  type StatusMeta,
} from './status';

describe('statusLabel', () => {
  it.each([
    ['pending', 'Pending'],
    ['in_progress', 'In Progress'],
    ['on_leave', 'On Leave'],
    ['IN_PROGRESS', 'In Progress'],
    ['', 'Unknown'],
    [null, 'Unknown'],
    [undefined, 'Unknown'],
  ])('shows %j as %j', (value, label) => {
    expect(statusLabel(value)).toBe(label);
  });
});

describe('taskStatusMeta', () => {
  it.each<[string, StatusMeta]>([
    ['pending', { label: 'Pending', color: 'yellow' }],
    ['in_progress', { label: 'In Progress', color: 'blue' }],
    ['completed', { label: 'Completed', color: 'green' }],
    ['overdue', { label: 'Overdue', color: 'red' }],
    ['escalated', { label: 'Escalated', color: 'purple' }],
    ['archived', { label: 'Unknown', color: 'yellow' }],
  ])('standard palette: %s', (value, meta) => {
    expect(taskStatusMeta(value)).toEqual(meta);
    expect(taskStatusMeta(value, 'standard')).toEqual(meta);
  });

  it.each<[string, StatusMeta]>([
    ['pending', { label: 'Pending', color: 'orange' }],
    ['in_progress', { label: 'In Progress', color: 'orange' }],
    ['completed', { label: 'Completed', color: 'green' }],
    ['overdue', { label: 'Overdue', color: 'red' }],
    ['escalated', { label: 'Escalated', color: 'orange' }],
    ['archived', { label: 'Unknown', color: 'orange' }],
  ])('team palette: %s', (value, meta) => {
    expect(taskStatusMeta(value, 'team')).toEqual(meta);
  });

  it('recognises the upper-case spelling of one spec note', () => {
    expect(taskStatusMeta('PENDING')).toEqual({ label: 'Pending', color: 'yellow' });
  });

  it.each([null, undefined, ''])('shows Unknown for %j', (value) => {
    expect(taskStatusMeta(value).label).toBe('Unknown');
  });
});

describe('certificateStatusMeta', () => {
  it.each<[string, StatusMeta]>([
    ['active', { label: 'Active', color: 'green' }],
    ['expired', { label: 'Expired', color: 'red' }],
    ['renewed', { label: 'Renewed', color: 'blue' }],
    ['escalated', { label: 'Escalated', color: 'purple' }],
    ['revoked', { label: 'Unknown', color: 'yellow' }],
  ])('standard palette: %s', (value, meta) => {
    expect(certificateStatusMeta(value)).toEqual(meta);
  });

  it.each<[string, StatusMeta]>([
    ['active', { label: 'Active', color: 'green' }],
    ['expired', { label: 'Expired', color: 'red' }],
    ['renewed', { label: 'Renewed', color: 'blue' }],
    ['escalated', { label: 'Escalated', color: 'orange' }],
    ['revoked', { label: 'Unknown', color: 'orange' }],
  ])('team palette: %s', (value, meta) => {
    expect(certificateStatusMeta(value, 'team')).toEqual(meta);
  });
});

describe('employeeStatusMeta', () => {
  it.each<[string | null, StatusMeta]>([
    ['active', { label: 'Active', color: 'green' }],
    ['inactive', { label: 'Inactive', color: 'red' }],
    ['on_leave', { label: 'On Leave', color: 'yellow' }],
    ['retired', { label: 'Unknown', color: 'yellow' }],
    [null, { label: 'Unknown', color: 'yellow' }],
  ])('%j', (value, meta) => {
    expect(employeeStatusMeta(value)).toEqual(meta);
  });
});
