/**
 * The demo organisation (`npm run demo`): an admin, 2 managers and 8
 * employees who can all sign in, 40 tasks and 25 certificates spread over
 * every status, with dates relative to today so that some tasks are overdue,
 * some certificates expire within 30 days and some have expired.
 * Running it again changes nothing: the admin's email marks it as loaded.
 */
import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import {
  DEPARTMENTS,
  TIME_ZONE,
  type CertificateStatus,
  type EmployeeStatus,
  type Role,
  type TaskStatus,
} from '@duly/shared/contract';
import { findUserByEmail } from '../db/repositories/users';
import type { Db, NewCertificate, NewTask, NewUser } from '../db/tables';
import { hashPassword } from '../lib/passwords';

export const DEMO_PASSWORD = 'duly-demo-2026';
export const DEMO_ORGANIZATION = 'Duly Demo Ltd';

export interface DemoLogin {
  role: Role;
  name: string;
  email: string;
  password: string;
}

export interface DemoResult {
  /** False when the demo organisation was already there. */
  created: boolean;
  logins: DemoLogin[];
}

const PEOPLE: { name: string; role: Role; status: EmployeeStatus; department: string }[] = [
  { name: 'Priya Sharma', role: 'admin', status: 'active', department: 'Engineering' },
  { name: 'Rahul Verma', role: 'manager', status: 'active', department: 'Engineering' },
  { name: 'Ananya Iyer', role: 'manager', status: 'active', department: 'Sales' },
  { name: 'Arjun Mehta', role: 'employee', status: 'active', department: 'Engineering' },
  { name: 'Kavya Nair', role: 'employee', status: 'active', department: 'Design' },
  { name: 'Rohan Gupta', role: 'employee', status: 'active', department: 'Marketing' },
  { name: 'Sneha Reddy', role: 'employee', status: 'active', department: 'Sales' },
  { name: 'Vikram Singh', role: 'employee', status: 'on_leave', department: 'Engineering' },
  { name: 'Meera Pillai', role: 'employee', status: 'active', department: 'Design' },
  { name: 'Aditya Rao', role: 'employee', status: 'active', department: 'Marketing' },
  { name: 'Isha Banerjee', role: 'employee', status: 'active', department: 'Sales' },
];

function emailOf(name: string): string {
  return `${name.split(' ')[0].toLowerCase()}@demo.duly.test`;
}

export const DEMO_ADMIN_EMAIL = emailOf(PEOPLE[0].name);

const TASK_TITLES = [
  'Prepare quarterly compliance report',
  'Review vendor contracts',
  'Update employee handbook',
  'Organise fire drill',
  'Renew office lease paperwork',
  'Audit access badges',
  'Plan onboarding for new hires',
  'Submit GST filing documents',
  'Check first-aid kits',
  'Archive last year’s invoices',
];

/** [status, days from now of the due date], 40 in all; negative = past. */
const TASK_PLAN: [TaskStatus, number][] = [
  ...[1, 2, 4, 6, 9, 12, 15, 20, 25, 30, 3, 45].map((days): [TaskStatus, number] => [
    'pending',
    days,
  ]),
  ...[1, 3, 5, 7, 10, 14, 18, 21, 2, 8].map((days): [TaskStatus, number] => ['in_progress', days]),
  ...[-20, -12, -8, -5, -2, 3, 6, -1].map((days): [TaskStatus, number] => ['completed', days]),
  ...[-1, -2, -2, -1, -3, -1].map((days): [TaskStatus, number] => ['overdue', days]),
  ...[-5, -9, -14, -30].map((days): [TaskStatus, number] => ['escalated', days]),
];

const CERTIFICATE_NAMES = [
  'Fire Safety Certificate',
  'ISO 9001 Quality Certificate',
  'Trade License',
  'First Aid Training',
  'Electrical Safety Inspection',
  'Food Safety (FSSAI) License',
  'Pollution Control Consent',
  'Forklift Operator License',
];

/** [status, days from today of the expiry date, reminder days], 25 in all. */
const CERTIFICATE_PLAN: [CertificateStatus, number, number][] = [
  ...[120, 200, 365, 90, 150, 300, 75, 240].map((d): [CertificateStatus, number, number] => [
    'active',
    d,
    30,
  ]),
  // Expiring within 30 days.
  ...[3, 7, 12, 18, 25, 29].map((d): [CertificateStatus, number, number] => ['active', d, 15]),
  ...[-2, -5, -1, -4].map((d): [CertificateStatus, number, number] => ['expired', d, 7]),
  ...[180, 365, 90, 60].map((d): [CertificateStatus, number, number] => ['renewed', d, 30]),
  ...[-20, -35, -60].map((d): [CertificateStatus, number, number] => ['escalated', d, 7]),
];

function splitName(name: string) {
  const [first, ...rest] = name.split(' ');
  return { first_name: first, last_name: rest.join(' ') || null };
}

export async function seedDemo(db: Db, now: Date = new Date()): Promise<DemoResult> {
  const logins = PEOPLE.map((person) => ({
    role: person.role,
    name: person.name,
    email: emailOf(person.name),
    password: DEMO_PASSWORD,
  }));
  if (await findUserByEmail(db, DEMO_ADMIN_EMAIL)) return { created: false, logins };

  const stamp = now.toISOString();
  const organizationId = randomUUID();
  // Hash before the transaction: on SQLite a transaction holds the only connection.
  const users: NewUser[] = [];
  for (const person of PEOPLE) {
    users.push({
      id: randomUUID(),
      organization_id: organizationId,
      email: emailOf(person.name),
      ...splitName(person.name),
      full_name: person.name,
      phone: `+91 98${String(users.length).padStart(2, '0')}0 12345`,
      department: person.department,
      role: person.role,
      status: person.status,
      password_hash: await hashPassword(DEMO_PASSWORD),
      created_at: stamp,
      updated_at: stamp,
    });
  }
  const managers = users.filter((user) => user.role === 'manager');
  const employees = users.filter((user) => user.role === 'employee');
  const today = DateTime.fromJSDate(now, { zone: TIME_ZONE }).startOf('day');

  const tasks: NewTask[] = TASK_PLAN.map(([status, days], index) => {
    // Two pending tasks stay unassigned, as a new task often is.
    const assignee =
      status === 'pending' && index >= 10 ? null : employees[index % employees.length];
    const manager = managers[index % managers.length];
    return {
      id: randomUUID(),
      organization_id: organizationId,
      title: `${TASK_TITLES[index % TASK_TITLES.length]}${index >= TASK_TITLES.length ? ` (${Math.floor(index / TASK_TITLES.length) + 1})` : ''}`,
      description: index % 3 === 0 ? null : 'Created for the demo organisation.',
      // Due at 17:30 Kolkata time, `days` from today.
      due_date: today.plus({ days, hours: 17, minutes: 30 }).toUTC().toISO() as string,
      status,
      assigned_to_user_id: assignee?.id ?? null,
      created_by_user_id: manager.id,
      assigner_id: manager.id,
      created_at: stamp,
      updated_at: stamp,
    };
  });

  const certificates: NewCertificate[] = CERTIFICATE_PLAN.map(([status, days, reminder], index) => {
    const incharge = employees[(index + 3) % employees.length];
    const expiry = today.plus({ days });
    return {
      id: randomUUID(),
      organization_id: organizationId,
      name: `${CERTIFICATE_NAMES[index % CERTIFICATE_NAMES.length]}${index >= CERTIFICATE_NAMES.length ? ` ${Math.floor(index / CERTIFICATE_NAMES.length) + 1}` : ''}`,
      description: index % 2 === 0 ? 'Keep the original in the office safe.' : null,
      issue_date: expiry.minus({ years: 1 }).toISODate(),
      expiry_date: expiry.toISODate() as string,
      reminder_days_before: reminder,
      department: DEPARTMENTS[index % DEPARTMENTS.length],
      incharge_person_id: incharge.id,
      created_by_user_id: managers[index % managers.length].id,
      assigner_id: managers[index % managers.length].id,
      status,
      created_at: stamp,
      updated_at: stamp,
    };
  });

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('organizations')
      .values({ id: organizationId, name: DEMO_ORGANIZATION, created_at: stamp, updated_at: stamp })
      .execute();
    await trx.insertInto('users').values(users).execute();
    await trx.insertInto('tasks').values(tasks).execute();
    await trx.insertInto('certificates').values(certificates).execute();
  });
  return { created: true, logins };
}

export function formatDemoLogins({ created, logins }: DemoResult): string {
  const width = Math.max(...logins.map((login) => login.email.length));
  const lines = logins.map(
    (login) => `  ${login.role.padEnd(9)} ${login.email.padEnd(width)}  ${login.name}`,
  );
  return [
    created
      ? `Demo organisation "${DEMO_ORGANIZATION}" loaded. Sign in as:`
      : `Demo organisation "${DEMO_ORGANIZATION}" is already loaded. Sign in as:`,
    ...lines,
    `  password for every demo user: ${DEMO_PASSWORD}`,
  ].join('\n');
}
