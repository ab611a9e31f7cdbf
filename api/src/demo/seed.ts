/**
 * The demo organisation (`npm run demo`): an admin, 2 managers and 8
 * employees who can all sign in, 40 tasks and 25 certificates spread over
 * every status, with dates relative to today. Every team member has open,
 * overdue and completed tasks, a certificate expiring within 30 days and an
 * expired one; two tasks and a certificate wait for a manager to assign them.
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
import {
  insertSeededCertificates,
  type CertificateToInsert,
} from '../db/repositories/certificates';
import type { Db, NewTask, NewUser } from '../db/tables';
import { PASSWORD_COST, hashPassword, type ScryptCost } from '../lib/passwords';

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

/**
 * What each team member has on their plate, so that every dashboard has something to show:
 * an open task, one in progress, one overdue (escalated for some) and a completed one; each
 * manager an open, an overdue and a completed task; two new tasks nobody holds yet.
 * Every title is distinct, as in a real organisation.
 */
const EMPLOYEE_TASK_TITLES = [
  'Prepare the quarterly compliance report',
  'Review the cleaning vendor contract',
  'Update the employee handbook',
  'Organise the fire drill for the second floor',
  'Renew the office lease paperwork',
  'Audit visitor access badges',
  'Plan onboarding for the March hires',
  'Submit GST filing documents',
  'Check first-aid kits on every floor',
  'Archive last year’s invoices',
  'Book the annual electrical safety inspection',
  'Collect signed NDAs from contractors',
  'Refresh the data protection training deck',
  'Reconcile the petty cash register',
  'Test the emergency lighting',
  'Update the supplier risk register',
  'Schedule forklift operator refresher training',
  'Replace expired fire extinguishers',
  'File the pollution control consent renewal',
  'Review laptop encryption status',
  'Run the monthly backup restore test',
  'Prepare the ISO 9001 internal audit checklist',
  'Confirm the canteen’s FSSAI inspection date',
  'Update the emergency contact list',
  'Pay the trade license renewal fee',
  'Clean up shared drive permissions',
  'Brief new joiners on workplace safety',
  'Order replacement safety signage',
  'Review the insurance policy schedule',
  'Verify contractor PF and ESI challans',
  'Draft the visitor Wi-Fi policy',
  'Photograph the warehouse racking for the audit',
];

const MANAGER_TASK_TITLES = [
  'Approve the training budget',
  'Sign off the vendor due-diligence pack',
  'Review team certifications due this quarter',
  'Present the safety audit findings',
  'Finalise the holiday roster',
  'Interview candidates for facilities coordinator',
];

const UNASSIGNED_TASK_TITLES = [
  'Arrange the annual health check camp',
  'Label the server room cabling',
];

/**
 * An employee's four tasks, `e` being their position: [status, days from now of the due
 * date]; negative = past. Every third one's late task has been escalated.
 */
function employeeTaskPlan(e: number): [TaskStatus, number][] {
  return [
    ['pending', 4 + 2 * e],
    ['in_progress', 1 + e],
    e % 3 === 2 ? ['escalated', -(8 + e)] : ['overdue', -(1 + (e % 4))],
    ['completed', -(3 + e)],
  ];
}

const MANAGER_TASK_PLAN: [TaskStatus, number][] = [
  ['pending', 6],
  ['overdue', -2],
  ['completed', -7],
];

/** Each team member holds one certificate expiring within 30 days and one expired. */
const HELD_CERTIFICATE_NAMES = [
  'Fire Safety Certificate',
  'ISO 9001 Quality Certificate',
  'Trade License',
  'First Aid Training',
  'Electrical Safety Inspection',
  'Food Safety (FSSAI) License',
  'Pollution Control Consent',
  'Forklift Operator License',
  'Shops and Establishment Registration',
  'Lift Safety Certificate',
  'Boiler Inspection Certificate',
  'ISO 27001 Information Security',
  'Professional Tax Registration',
  'Building Occupancy Certificate',
  'Diesel Generator Emission Test',
  'Pressure Vessel Test Certificate',
  'Electrical Contractor License',
  'Weights and Measures Verification',
  'Import Export Code',
  'Contract Labour License',
];

/** The rest: [name, status, days from today of the expiry date, holder (an employee's position, or null)]. */
const OTHER_CERTIFICATES: [string, CertificateStatus, number, number | null][] = [
  ['Hazardous Waste Authorisation', 'renewed', 180, 0],
  ['CPR and AED Training', 'renewed', 365, 3],
  ['Working at Height Training', 'escalated', -20, 5],
  ['Drinking Water Quality Test', 'escalated', -45, 6],
  // Nobody holds it yet: something for a manager to assign.
  ['Pest Control Certificate', 'active', 240, null],
];

function splitName(name: string) {
  const [first, ...rest] = name.split(' ');
  return { first_name: first, last_name: rest.join(' ') || null };
}

export async function seedDemo(
  db: Db,
  now: Date = new Date(),
  passwordCost: ScryptCost = PASSWORD_COST,
): Promise<DemoResult> {
  const logins = PEOPLE.map((person) => ({
    role: person.role,
    name: person.name,
    email: emailOf(person.name),
    password: DEMO_PASSWORD,
  }));
  if (await findUserByEmail(db, DEMO_ADMIN_EMAIL)) return { created: false, logins };

  const stamp = now.toISOString();
  const organizationId = randomUUID();
  // Hash before the transaction: on SQLite a transaction holds the only connection. Every
  // demo user has the one password printed at start-up, so one hash (about a second at
  // today's cost) serves them all: a salt per user protects secrets, and this is none.
  const demoHash = await hashPassword(DEMO_PASSWORD, passwordCost);
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
      password_hash: demoHash,
      created_at: stamp,
      updated_at: stamp,
    });
  }
  const managers = users.filter((user) => user.role === 'manager');
  const employees = users.filter((user) => user.role === 'employee');
  const today = DateTime.fromJSDate(now, { zone: TIME_ZONE }).startOf('day');

  const admin = users.find((user) => user.role === 'admin')!;
  const dueIn = (days: number) =>
    // Due at 17:30 Kolkata time, `days` from today.
    today.plus({ days, hours: 17, minutes: 30 }).toUTC().toISO() as string;

  const tasks: NewTask[] = [];
  const addTask = (
    title: string,
    [status, days]: [TaskStatus, number],
    assignee: NewUser | null,
    assigner: NewUser,
  ) =>
    tasks.push({
      id: randomUUID(),
      organization_id: organizationId,
      title,
      description: tasks.length % 3 === 0 ? null : 'Created for the demo organisation.',
      due_date: dueIn(days),
      status,
      assigned_to_user_id: assignee?.id ?? null,
      created_by_user_id: assigner.id,
      assigner_id: assigner.id,
      created_at: stamp,
      updated_at: stamp,
    });
  employees.forEach((employee, e) =>
    employeeTaskPlan(e).forEach((plan, k) =>
      addTask(EMPLOYEE_TASK_TITLES[e * 4 + k], plan, employee, managers[e % managers.length]),
    ),
  );
  managers.forEach((manager, m) =>
    MANAGER_TASK_PLAN.forEach((plan, k) =>
      addTask(MANAGER_TASK_TITLES[m * MANAGER_TASK_PLAN.length + k], plan, manager, admin),
    ),
  );
  UNASSIGNED_TASK_TITLES.forEach((title, k) =>
    addTask(title, ['pending', 4 + 5 * k], null, managers[k % managers.length]),
  );

  const certificates: CertificateToInsert[] = [];
  const addCertificate = (
    name: string,
    status: CertificateStatus,
    days: number,
    holder: NewUser | null,
  ) => {
    const expiry = today.plus({ days });
    const creator = managers[certificates.length % managers.length];
    // Expiring soon: remind earlier than the expired ones did.
    const reminderDays = days > 0 && days <= 30 ? 15 : days > 30 ? 30 : 7;
    certificates.push({
      id: randomUUID(),
      organization_id: organizationId,
      name,
      description: certificates.length % 2 === 0 ? 'Keep the original in the office safe.' : null,
      issue_date: expiry.minus({ years: 1 }).toISODate(),
      expiry_date: expiry.toISODate() as string,
      reminder_days_before: reminderDays,
      department: holder?.department ?? DEPARTMENTS[0],
      incharge_person_id: holder?.id ?? null,
      created_by_user_id: creator.id,
      assigner_id: creator.id,
      status,
      created_at: stamp,
      updated_at: stamp,
    });
  };
  [...managers, ...employees].forEach((member, i) => {
    addCertificate(HELD_CERTIFICATE_NAMES[2 * i], 'active', 5 + 2 * i, member);
    addCertificate(HELD_CERTIFICATE_NAMES[2 * i + 1], 'expired', -(1 + i), member);
  });
  for (const [name, status, days, holder] of OTHER_CERTIFICATES) {
    addCertificate(name, status, days, holder === null ? null : employees[holder]);
  }

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('organizations')
      .values({ id: organizationId, name: DEMO_ORGANIZATION, created_at: stamp, updated_at: stamp })
      .execute();
    await trx.insertInto('users').values(users).execute();
    await trx
      .insertInto('user_emails')
      .values(
        users.map(({ email, id }) => ({ email, organization_id: organizationId, user_id: id })),
      )
      .execute();
    await trx.insertInto('tasks').values(tasks).execute();
    await insertSeededCertificates(trx, certificates);
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
