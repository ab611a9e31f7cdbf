import type { Employee, Task } from '@duly/shared';
import { TEST_USER_CLAIMS } from '@duly/shared/test-utils';

export const ORGANIZATION_ID = TEST_USER_CLAIMS.organization_id;

let sequence = 0;
/** A v4-shaped UUID, different on every call. */
export function uuid(): string {
  sequence += 1;
  return `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
}

export function makeEmployee(overrides: Partial<Employee> = {}): Employee {
  const firstName = overrides.firstName ?? 'Priya';
  const lastName = overrides.lastName ?? 'Sharma';
  return {
    id: uuid(),
    firstName,
    lastName,
    full_name: `${firstName} ${lastName}`,
    email: `${firstName}.${lastName}@example.com`.toLowerCase(),
    phone: null,
    department: 'Engineering',
    role: 'employee',
    status: 'active',
    organization_id: ORGANIZATION_ID,
    ...overrides,
  };
}

export const priya = makeEmployee({ firstName: 'Priya', lastName: 'Sharma' });
export const rahul = makeEmployee({ firstName: 'Rahul', lastName: 'Verma' });

export function makeTask(overrides: Partial<Task> = {}): Task {
  return {
    id: uuid(),
    title: 'Renew the fire safety audit',
    description: 'Book the auditor and collect last year’s report.',
    // 10:00 in Asia/Kolkata.
    due_date: '2025-01-05T04:30:00.000Z',
    status: 'pending',
    assigned_to_user_id: priya.id,
    assigned_to: { id: priya.id, full_name: priya.full_name },
    organization_id: ORGANIZATION_ID,
    created_by_user_id: TEST_USER_CLAIMS.sub,
    assigner_id: TEST_USER_CLAIMS.sub,
    created_at: '2024-12-20T06:15:00.000Z',
    updated_at: '2024-12-21T11:45:00.000Z',
    ...overrides,
  };
}
