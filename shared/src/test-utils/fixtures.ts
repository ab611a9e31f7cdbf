/**
 * Fixture builders for every entity of the contract, for any front-end package's tests. Each
 * gives a complete, valid value (ids are v4-shaped UUIDs, different on every call) that
 * `overrides` adjusts; they all belong to the organisation of `TEST_USER_CLAIMS`.
 */
import { decodeSessionUser } from '../auth/decodeSessionUser';
import type {
  Certificate,
  DashboardResponse,
  Employee,
  Organization,
  PersonRef,
  SessionUser,
  Task,
  TeamMember,
  TokenClaims,
} from '../contract/types';
import { makeToken, TEST_USER_CLAIMS } from './tokens';

export const ORGANIZATION_ID = TEST_USER_CLAIMS.organization_id;

let sequence = 0;
/** A v4-shaped UUID, different on every call. */
export function uuid(): string {
  sequence += 1;
  return `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
}

export function makeOrganization(overrides: Partial<Organization> = {}): Organization {
  return {
    id: ORGANIZATION_ID,
    name: 'Acme Safety Pvt Ltd',
    created_at: '2024-11-01T04:30:00.000Z',
    ...overrides,
  };
}

/** A user of the organisation as GET /employees/ lists them; full_name follows the names given. */
export function makeEmployee(overrides: Partial<Employee> = {}): Employee {
  const firstName = overrides.firstName ?? 'Priya';
  const lastName = overrides.lastName ?? 'Sharma';
  return {
    id: uuid(),
    firstName,
    lastName,
    full_name: [firstName, lastName].filter(Boolean).join(' ') || null,
    email: `${firstName ?? 'user'}.${lastName ?? sequence}@example.com`.toLowerCase(),
    phone: null,
    department: 'Engineering',
    role: 'employee',
    status: 'active',
    organization_id: ORGANIZATION_ID,
    invitation_pending: false,
    pending_email: null,
    ...overrides,
  };
}

/** Two people every test can assign work to. */
export const priya = makeEmployee({ firstName: 'Priya', lastName: 'Sharma' });
export const rahul = makeEmployee({ firstName: 'Rahul', lastName: 'Verma' });

/** `{ id, full_name }` of a person, as list items embed them. */
export function personRef(person: Pick<Employee, 'id' | 'full_name'>): PersonRef {
  return { id: person.id, full_name: person.full_name };
}

/** A member of GET /manager/team (an active user); built from an employee when given one. */
export function makeTeamMember(
  overrides: Partial<TeamMember> = {},
  from: Employee = makeEmployee(),
): TeamMember {
  return {
    id: from.id,
    full_name: from.full_name,
    email: from.email,
    open_tasks: 0,
    overdue_tasks: 0,
    expiring_certificates: 0,
    ...overrides,
  };
}

/** A task of the organisation (GET /tasks/ and /manager/tasks items), assigned to Priya. */
export function makeTask(overrides: Partial<Task> = {}): Task {
  return {
    id: uuid(),
    title: 'Renew the fire safety audit',
    description: 'Book the auditor and collect last year’s report.',
    // 10:00 in Asia/Kolkata.
    due_date: '2025-01-05T04:30:00.000Z',
    status: 'pending',
    assigned_to_user_id: priya.id,
    assigned_to: personRef(priya),
    organization_id: ORGANIZATION_ID,
    created_by_user_id: TEST_USER_CLAIMS.sub,
    assigner_id: TEST_USER_CLAIMS.sub,
    created_at: '2024-12-20T06:15:00.000Z',
    updated_at: '2024-12-21T11:45:00.000Z',
    ...overrides,
  };
}

/** A certificate of the organisation (GET /certificates/ and /manager/certificates items). */
export function makeCertificate(overrides: Partial<Certificate> = {}): Certificate {
  return {
    id: uuid(),
    name: 'Fire Safety Certificate',
    description: 'Issued by the municipal fire department.',
    issue_date: '2024-01-15',
    expiry_date: '2025-01-15',
    reminder_days_before: 30,
    department: 'Operations',
    certificate_type_id: null,
    reminder_offsets: null,
    incharge_person_id: priya.id,
    assigned_to: personRef(priya),
    organization_id: ORGANIZATION_ID,
    created_by_user_id: TEST_USER_CLAIMS.sub,
    status: 'active',
    created_at: '2024-01-15T05:00:00.000Z',
    updated_at: '2024-01-15T05:00:00.000Z',
    ...overrides,
  };
}

/** The signed-in test user as a person (the assignee of "my" items). */
export const testUserRef: PersonRef = {
  id: TEST_USER_CLAIMS.sub,
  full_name: TEST_USER_CLAIMS.full_name,
};

/** An item of a manager's team task list: a task with its assignee and its assigner. */
export function makeManagerTaskItem(overrides: Partial<Task> = {}): Task {
  return makeTask({ assigner: testUserRef, ...overrides });
}

/** An item of GET /employee/tasks: a task assigned to the signed-in test user. */
export function makeMyTaskItem(overrides: Partial<Task> = {}): Task {
  return makeTask({
    assigned_to_user_id: testUserRef.id,
    assigned_to: testUserRef,
    assigner_id: rahul.id,
    assigner: personRef(rahul),
    ...overrides,
  });
}

/** An item of a manager's team certificate list: a certificate with its person in charge. */
export function makeManagerCertificateItem(overrides: Partial<Certificate> = {}): Certificate {
  return makeCertificate(overrides);
}

/** An item of GET /employee/certificates: the signed-in test user is in charge of it. */
export function makeMyCertificateItem(overrides: Partial<Certificate> = {}): Certificate {
  return makeCertificate({
    incharge_person_id: testUserRef.id,
    assigned_to: testUserRef,
    ...overrides,
  });
}

export function makeDashboard(overrides: Partial<DashboardResponse> = {}): DashboardResponse {
  return {
    tasks: { total_tasks: 12, overdue_tasks: 3 },
    certificates: { total_certificates: 8, expired_certificates: 1 },
    employee_count: 5,
    ...overrides,
  };
}

/** The session user a signed-in test sees (decoded from `makeToken(claims)`, as the app does). */
export function makeSessionUser(claims: Partial<TokenClaims> = {}): SessionUser {
  const user = decodeSessionUser(makeToken(claims));
  if (!user) throw new Error('makeSessionUser: these claims make no valid session');
  return user;
}
