/**
 * Employees from a file: matched by email (case-insensitive) within the organisation; each
 * row checked with POST /employees' or PUT /employees/{id}'s own body schema. An address of
 * another organisation is treated exactly as POST /employees treats it (the person is added;
 * accepting the invitation settles the address), so the import never tells whether another
 * organisation has it.
 */
import { randomUUID } from 'node:crypto';
import type { ActivityValue } from '@duly/shared/contract';
import type { Db, ImportMode } from '../db/tables';
import { type Actor } from '../db/repositories/activity';
import { activeAdminIds, employeesByEmails, type ImportPerson } from '../db/repositories/imports';
import {
  anotherAdminRemains,
  insertAddedUser,
  normaliseEmail,
  updateUser,
} from '../db/repositories/users';
import { nowIso } from '../lib/dates';
import { optionalText } from '../lib/input';
import { CreateEmployeeBody, UpdateEmployeeBody } from '../routes/employees/schema';
import { queueWebhookEvents } from '../webhooks/events';
import { employeeEvent } from '../webhooks/hooks';
import { checkBody, columnErrors, diff, type PlannedRow, type RowError } from './rows';

type Existing = ImportPerson;

export type EmployeeWrite =
  | { kind: 'create'; values: Record<string, string | null> }
  | { kind: 'update'; id: string; values: Record<string, string | null>; before: Existing };

/** The body's field for each file field. */
const BODY_FIELD: Record<string, string> = {
  email: 'email',
  first_name: 'firstName',
  last_name: 'lastName',
  phone: 'phone',
  department: 'department',
  role: 'role',
  status: 'status',
};
const FILE_FIELD = Object.fromEntries(Object.entries(BODY_FIELD).map(([a, b]) => [b, a]));

/** POST/PUT /employees' answer to a manager who would make or change an admin (ARCHITECTURE 6). */
export const ONLY_AN_ADMIN = 'Only an admin can create or change an admin';

export const LAST_ADMIN =
  'Your organisation would have no active admin left. Make someone else an admin first.';

export interface EmployeePlanner {
  /** Reads the people this chunk's rows name (one query). */
  load(records: readonly Record<string, string>[]): Promise<void>;
  plan(
    row: number,
    record: Record<string, string>,
    columnOf: (field: string) => string,
  ): PlannedRow<EmployeeWrite>;
}

/**
 * `byAdmin`: whether the person who started the import is an admin; a manager's row that
 * would create an admin or change one is an error, as POST/PUT /employees/ refuse it.
 * Plans chunk by chunk (`load`, then `plan` each row in order): only the chunk's people are
 * held, besides the emails already met and the active admins.
 */
export async function employeePlanner(
  db: Db,
  organizationId: string,
  mode: ImportMode,
  byAdmin = true,
): Promise<EmployeePlanner> {
  let byEmail = new Map<string, Existing>();
  const seen = new Map<string, number>();
  const activeAdmins = new Set(await activeAdminIds(db, organizationId));

  return {
    async load(records) {
      const emails = records.flatMap((record) =>
        record.email ? [normaliseEmail(record.email)] : [],
      );
      const people = await employeesByEmails(db, organizationId, emails);
      byEmail = new Map(people.map((person) => [normaliseEmail(person.email), person]));
    },

    plan(row, record, columnOf) {
      const fail = (errors: RowError[]): PlannedRow<EmployeeWrite> => ({
        row,
        outcome: 'error',
        errors,
      });
      const email = normaliseEmail(record.email ?? '');
      const existing = email ? byEmail.get(email) : undefined;
      const body: Record<string, unknown> = {};
      for (const [field, text] of Object.entries(record)) {
        const name = BODY_FIELD[field];
        if (!name) continue;
        if (text !== '') body[name] = text;
        // An empty cell clears an optional text of someone who exists (the export writes an
        // empty cell for nothing); role and status keep theirs.
        else if (existing && ['firstName', 'lastName', 'phone', 'department'].includes(name)) {
          body[name] = null;
        }
      }
      if (existing) body.email = existing.email;
      const { value, errors } = checkBody(existing ? UpdateEmployeeBody : CreateEmployeeBody, body);
      if (errors.length > 0) {
        return fail(columnErrors(errors, (path) => columnOf(FILE_FIELD[path] ?? path)));
      }
      const first = seen.get(email);
      if (first !== undefined) {
        return fail([
          { column: columnOf('email'), message: `is already on row ${first} of this file` },
        ]);
      }
      seen.set(email, row);
      if (!byAdmin && (value.role === 'admin' || existing?.role === 'admin')) {
        return fail([
          { column: columnOf(value.role === 'admin' ? 'role' : 'email'), message: ONLY_AN_ADMIN },
        ]);
      }
      if (existing && mode === 'insert') {
        return fail([
          { column: columnOf('email'), message: 'An account with this email already exists' },
        ]);
      }
      if (!existing && mode === 'update') {
        return fail([
          { column: columnOf('email'), message: 'No employee of your organisation has this email' },
        ]);
      }
      const values: Record<string, string | null> = {};
      for (const [name, field] of Object.entries(FILE_FIELD)) {
        if (!(name in value) || field === 'email') continue;
        const text = value[name] as string | null;
        values[field] =
          field === 'role' || field === 'status' ? text : (optionalText(text) ?? null);
      }
      if (!existing) {
        values.email = email;
        return {
          row,
          outcome: 'create',
          changes: diff({}, values as Record<string, ActivityValue>),
          write: { kind: 'create', values },
        };
      }
      const changes = diff(
        existing as unknown as Record<string, ActivityValue>,
        values as Record<string, ActivityValue>,
      );
      if (Object.keys(changes).length === 0) return { row, outcome: 'unchanged' };
      const staysAdmin =
        (values.role ?? existing.role) === 'admin' &&
        (values.status ?? existing.status) === 'active';
      if (activeAdmins.has(existing.id) && !staysAdmin) {
        if (activeAdmins.size <= 1) {
          return fail([
            { column: columnOf(changes.role ? 'role' : 'status'), message: LAST_ADMIN },
          ]);
        }
        activeAdmins.delete(existing.id);
      }
      return {
        row,
        outcome: 'update',
        changes,
        write: { kind: 'update', id: existing.id, values, before: existing },
      };
    },
  };
}

export interface AppliedEmployee {
  id: string;
  email: string;
  full_name: string | null;
  status: string;
  created: boolean;
}

function joinName(
  first: string | null | undefined,
  last: string | null | undefined,
): string | null {
  return [first, last].filter(Boolean).join(' ') || null;
}

/** Writes one planned row in the caller's transaction; the person, for an invitation. */
export async function applyEmployee(
  trx: Db,
  organizationId: string,
  write: EmployeeWrite,
  actor: Actor,
): Promise<AppliedEmployee> {
  const now = nowIso();
  const v = write.values;
  if (write.kind === 'create') {
    const id = randomUUID();
    const firstName = v.first_name ?? null;
    const lastName = v.last_name ?? null;
    const user = {
      id,
      organization_id: organizationId,
      email: v.email!,
      first_name: firstName,
      last_name: lastName,
      full_name: joinName(firstName, lastName),
      phone: v.phone ?? null,
      department: v.department ?? null,
      role: (v.role ?? 'employee') as 'employee',
      status: (v.status ?? 'active') as 'active',
      password_hash: null,
      created_at: now,
      updated_at: now,
    };
    await insertAddedUser(trx, user, actor, 'imported');
    await queueWebhookEvents(trx, [employeeEvent(trx, 'employee.created', organizationId, id)]);
    return { id, email: user.email, full_name: user.full_name, status: user.status, created: true };
  }
  const before = write.before;
  const changes: Record<string, unknown> = { updated_at: now };
  for (const field of ['phone', 'department', 'role', 'status'] as const) {
    if (field in v) changes[field] = v[field];
  }
  if ('first_name' in v || 'last_name' in v) {
    const firstName = 'first_name' in v ? v.first_name : before.first_name;
    const lastName = 'last_name' in v ? v.last_name : before.last_name;
    Object.assign(changes, {
      first_name: firstName,
      last_name: lastName,
      full_name: joinName(firstName, lastName),
    });
  }
  const endSessions =
    (changes.role !== undefined && changes.role !== before.role) ||
    (changes.status === 'inactive' && before.status !== 'inactive');
  if (
    before.role === 'admin' &&
    before.status === 'active' &&
    ((changes.role !== undefined && changes.role !== 'admin') || changes.status === 'inactive') &&
    !(await anotherAdminRemains(trx, organizationId, before.id))
  ) {
    throw new RowFailure([{ column: 'role', message: LAST_ADMIN }]);
  }
  await updateUser(trx, organizationId, before.id, changes, { endSessions, actor });
  if (changes.status === 'inactive' && before.status !== 'inactive') {
    await queueWebhookEvents(trx, [
      employeeEvent(trx, 'employee.deactivated', organizationId, before.id),
    ]);
  }
  return {
    id: before.id,
    email: before.email,
    full_name: null,
    status: String(changes.status ?? before.status),
    created: false,
  };
}

/** A row that cannot be written after all (found inside the apply's transaction). */
export class RowFailure extends Error {
  constructor(readonly errors: RowError[]) {
    super(errors.map((error) => error.message).join('; '));
  }
}
