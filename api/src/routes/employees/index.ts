/**
 * /employees: the organisation's users. Everyone in the organisation can read
 * them; managers and admins add and change them; only admins deal with admins.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Employee, Role } from '@duly/shared/contract';
import { askToConfirmEmailChange } from '../../accounts/email-change';
import { issueAndMailLink } from '../../accounts/links';
import { isUniqueViolation } from '../../db/connection';
import { pageOf, parseSort } from '../../db/list';
import { expireAccountTokensOf } from '../../db/repositories/account-tokens';
import { findOrganization } from '../../db/repositories/organizations';
import {
  EMPLOYEE_SORTS,
  EmailNeedsConfirmation,
  anotherAdminRemains,
  emailInOrganization,
  findEmployee,
  findEmployeeForSave,
  insertAddedUser,
  listEmployees,
  normaliseEmail,
  updateUser,
  type RecordedUser,
} from '../../db/repositories/users';
import type { Db, UserUpdate } from '../../db/tables';
import { nowIso } from '../../lib/dates';
import { conflict, forbidden, notFound } from '../../lib/http-errors';
import { optionalText, rejectForeignIds } from '../../lib/input';
import { hasRole, requireRole, type Caller } from '../../plugins/auth';
import { actorOf } from '../access';
import {
  createEmployeeSchema,
  getEmployeeSchema,
  inviteEmployeeSchema,
  listEmployeesSchema,
  updateEmployeeSchema,
} from './schema';
import { LIST_TTL_MS } from '../../plugins/response-cache';
import { queueWebhookEvents } from '../../webhooks/events';
import { employeeEvent } from '../../webhooks/hooks';

const EMAIL_TAKEN = 'An account with this email already exists';
const ACCEPTED_MEANWHILE =
  'This person has just accepted their invitation. Save again to send the new address a confirmation link.';
const LAST_ADMIN =
  'Your organisation would have no active admin left. Make someone else an admin first.';

export function joinName(firstName: string | null, lastName: string | null): string | null {
  return [firstName, lastName].filter(Boolean).join(' ') || null;
}

/**
 * Whether the change takes away an admin who can sign in (demoted, or made inactive): it must
 * leave another one (docs/accounts.md).
 */
function removesAnAdmin(existing: Employee, changes: UserUpdate): boolean {
  if (existing.role !== 'admin' || existing.status === 'inactive') return false;
  return (changes.role !== undefined && changes.role !== 'admin') || changes.status === 'inactive';
}

/**
 * Whether a PUT's body may demote or deactivate someone, told before the person is read: such
 * a save locks the organisation's admins in id order (anotherAdminRemains), so it must not
 * lock the person's row before them (findEmployeeForSave).
 */
function mayRemoveAnAdmin(body: { role?: Role; status?: string }): boolean {
  return (body.role !== undefined && body.role !== 'admin') || body.status === 'inactive';
}

/** Only an admin may create an admin, promote someone to admin, or change an admin. */
function checkAdminPower(caller: Caller, role: Role | undefined, target?: Employee): void {
  if (hasRole(caller, 'admin')) return;
  if (role === 'admin' || target?.role === 'admin') {
    throw forbidden('Only an admin can create or change an admin');
  }
}

const employeeRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db } = fastify;

  async function organizationNameOf(caller: Caller): Promise<string> {
    return (await findOrganization(db, caller.organization_id))?.name ?? 'Your organisation';
  }

  /** Mails `person` a new invitation link; their older links stop working. */
  async function invite(caller: Caller, person: Employee): Promise<void> {
    await issueAndMailLink(
      fastify,
      {
        organizationId: caller.organization_id,
        organizationName: await organizationNameOf(caller),
        userId: person.id,
        email: person.email,
        fullName: person.full_name,
      },
      'invitation',
      actorOf(caller),
    );
  }

  /**
   * Writes a PUT's changes in its transaction: refused (409) when it would leave no active
   * admin; a new email ends every link of the person; a new role or leaving ends their sessions
   * (their tokens carry the old role, and someone who left must not keep working for the rest
   * of the token's life). `read`: the person's recorded fields as read, locked, in `trx`.
   */
  async function save(
    trx: Db,
    caller: Caller,
    existing: Employee,
    changes: UserUpdate,
    read: RecordedUser | undefined,
  ): Promise<{ endSessions: boolean }> {
    const now = nowIso();
    changes.updated_at = now;
    const endSessions =
      (changes.role !== undefined && changes.role !== existing.role) ||
      (changes.status === 'inactive' && existing.status !== 'inactive');
    if (
      removesAnAdmin(existing, changes) &&
      !(await anotherAdminRemains(trx, caller.organization_id, existing.id))
    ) {
      throw conflict(LAST_ADMIN);
    }
    await updateUser(trx, caller.organization_id, existing.id, changes, {
      endSessions,
      actor: actorOf(caller),
      unprovenEmail: true,
      read,
    });
    if (changes.status === 'inactive' && existing.status !== 'inactive') {
      await queueWebhookEvents(trx, [
        employeeEvent(trx, 'employee.deactivated', caller.organization_id, existing.id),
      ]);
    }
    // Every link mailed to the old address stops working (an invitation sent to a
    // mistyped address would otherwise let its reader own the account).
    if (changes.email !== undefined) {
      await expireAccountTokensOf(trx, caller.organization_id, existing.id, now);
    }
    return { endSessions };
  }

  fastify.get('/employees/', { schema: listEmployeesSchema }, async (request, reply) => {
    const { caller, query } = request;
    return fastify.cachedAnswer(request, reply, LIST_TTL_MS, async () => {
      const { items, total } = await listEmployees(
        db,
        {
          organizationId: caller.organization_id,
          status: query.status,
          role: query.role,
          department: query.department,
          q: query.q,
        },
        parseSort(query.sort, EMPLOYEE_SORTS, 'full_name'),
        pageOf(query),
      );
      return { body: items, total };
    });
  });

  fastify.get('/employees/:id', { schema: getEmployeeSchema }, async (request) => {
    const employee = await findEmployee(db, request.caller.organization_id, request.params.id);
    if (!employee) throw notFound('Employee');
    return employee;
  });

  fastify.post(
    '/employees/',
    { schema: createEmployeeSchema, preHandler: requireRole('manager') },
    async (request, reply) => {
      const { caller, body } = request;
      rejectForeignIds(body, { organization_id: [caller.organization_id] });
      checkAdminPower(caller, body.role);
      const email = normaliseEmail(body.email);
      // Only this organisation's people: whether another organisation has the address is
      // never told (insertAddedUser).
      if (await emailInOrganization(db, caller.organization_id, email)) throw conflict(EMAIL_TAKEN);

      const firstName = optionalText(body.firstName) ?? null;
      const lastName = optionalText(body.lastName) ?? null;
      const id = randomUUID();
      const now = nowIso();
      try {
        await db.transaction().execute(async (trx) => {
          await insertAddedUser(
            trx,
            {
              id,
              organization_id: caller.organization_id,
              email,
              first_name: firstName,
              last_name: lastName,
              full_name: joinName(firstName, lastName),
              phone: optionalText(body.phone) ?? null,
              department: optionalText(body.department) ?? null,
              role: body.role ?? 'employee',
              status: body.status ?? 'active',
              // No password until the person accepts the invitation mailed below.
              password_hash: null,
              created_at: now,
              updated_at: now,
            },
            actorOf(caller),
          );
          await queueWebhookEvents(trx, [
            employeeEvent(trx, 'employee.created', caller.organization_id, id),
          ]);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN);
        throw error;
      }
      const employee = (await findEmployee(db, caller.organization_id, id))!;
      // Someone added as inactive is not invited (they could not sign in); making them active
      // later and using 'Resend invitation' does it.
      if (employee.status !== 'inactive') {
        try {
          await invite(caller, employee);
        } catch (error) {
          // The person exists either way; 'Resend invitation' sends a new link.
          request.log.error({ err: error, userId: id }, 'Could not invite a new employee');
        }
      }
      return reply.code(201).send(employee);
    },
  );

  fastify.post(
    '/employees/:id/invitation',
    { schema: inviteEmployeeSchema, preHandler: requireRole('manager') },
    async (request, reply) => {
      const { caller } = request;
      const person = await findEmployee(db, caller.organization_id, request.params.id);
      if (!person) throw notFound('Employee');
      // Who may invite someone is who may change them.
      checkAdminPower(caller, undefined, person);
      if (!person.invitation_pending) {
        throw conflict(
          "This person has already set a password. They can use 'Forgot password?' on the sign-in page.",
        );
      }
      if (person.status === 'inactive') {
        throw conflict('This person is inactive. Make them active before inviting them.');
      }
      await invite(caller, person);
      return reply.code(202).send({ message: `Invitation sent to ${person.email}` });
    },
  );

  fastify.put(
    '/employees/:id',
    { schema: updateEmployeeSchema, preHandler: requireRole('manager') },
    async (request) => {
      const { caller, body } = request;
      let written: {
        existing: Employee;
        changes: UserUpdate;
        emailToConfirm?: string;
        endSessions: boolean;
      };
      try {
        // Read in the save's transaction: locked while the history records, its recorded
        // fields are the save's old values (db/old-values.ts lockedForSave), except when the
        // request may demote or deactivate someone (findEmployeeForSave says why).
        written = await db.transaction().execute(async (trx) => {
          const found = await findEmployeeForSave(
            trx,
            caller.organization_id,
            request.params.id,
            !mayRemoveAnAdmin(body),
          );
          if (!found) throw notFound('Employee');
          const { employee: existing, recorded } = found;
          rejectForeignIds(body, { organization_id: [caller.organization_id] });
          checkAdminPower(caller, body.role, existing);

          const changes: UserUpdate = {};
          // The address a confirmation link goes to: someone with a password keeps their email
          // until they confirm the new one (accounts/email-change.ts).
          let emailToConfirm: string | undefined;
          if (body.email !== undefined) {
            const email = normaliseEmail(body.email);
            if (email !== existing.email) {
              // Only this organisation's people, as on POST: whether another organisation has
              // the address is never told. An invitee holds it only if it is free; a person
              // with a password is told at confirmation, in the new address's mailbox.
              if (await emailInOrganization(trx, caller.organization_id, email)) {
                throw conflict(EMAIL_TAKEN);
              }
              if (existing.invitation_pending) changes.email = email;
              else emailToConfirm = email;
            }
          }
          const firstName =
            body.firstName !== undefined
              ? (optionalText(body.firstName) ?? null)
              : existing.firstName;
          const lastName =
            body.lastName !== undefined ? (optionalText(body.lastName) ?? null) : existing.lastName;
          if (body.firstName !== undefined || body.lastName !== undefined) {
            changes.first_name = firstName;
            changes.last_name = lastName;
            changes.full_name = joinName(firstName, lastName);
          }
          if (body.phone !== undefined) changes.phone = optionalText(body.phone);
          if (body.department !== undefined) changes.department = optionalText(body.department);
          if (body.role !== undefined) changes.role = body.role;
          if (body.status !== undefined) changes.status = body.status;
          if (Object.keys(changes).length === 0) {
            return { existing, changes, emailToConfirm, endSessions: false };
          }
          const { endSessions } = await save(trx, caller, existing, changes, recorded);
          return { existing, changes, emailToConfirm, endSessions };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN);
        if (error instanceof EmailNeedsConfirmation) throw conflict(ACCEPTED_MEANWHILE);
        throw error;
      }
      const { existing, changes, emailToConfirm, endSessions } = written;
      // This instance refuses the old tokens at once; the others within their cache's age.
      if (endSessions) fastify.tokenVersions.forget(existing.id);
      if (Object.keys(changes).length === 0 && emailToConfirm === undefined) return existing;

      const updated = (await findEmployee(db, caller.organization_id, existing.id))!;
      if (changes.email !== undefined && updated.status !== 'inactive') {
        try {
          await invite(caller, updated);
        } catch (error) {
          // The address is changed either way; 'Resend invitation' sends a new link.
          request.log.error({ err: error, userId: updated.id }, 'Could not invite a new address');
        }
      }
      if (emailToConfirm === undefined) return updated;
      await askToConfirmEmailChange(fastify, updated, await organizationNameOf(caller), {
        newEmail: emailToConfirm,
        requestedBy: caller.id === updated.id ? 'You' : (caller.full_name ?? caller.email),
      });
      return (await findEmployee(db, caller.organization_id, existing.id))!;
    },
  );
};

export default employeeRoutes;
