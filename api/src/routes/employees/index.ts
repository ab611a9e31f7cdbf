/**
 * /employees: the organisation's users. Everyone in the organisation can read
 * them; managers and admins add and change them; only admins deal with admins.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Employee, Role } from '@duly/shared/contract';
import { issueAndMailLink } from '../../accounts/links';
import { isUniqueViolation } from '../../db/connection';
import { pageOf, parseSort } from '../../db/list';
import { findOrganization } from '../../db/repositories/organizations';
import {
  EMPLOYEE_SORTS,
  emailInOrganization,
  emailInUse,
  findEmployee,
  insertAddedUser,
  listEmployees,
  normaliseEmail,
  updateUser,
} from '../../db/repositories/users';
import type { UserUpdate } from '../../db/tables';
import { nowIso } from '../../lib/dates';
import { conflict, forbidden, notFound } from '../../lib/http-errors';
import { optionalText, rejectForeignIds } from '../../lib/input';
import { hasRole, requireRole, type Caller } from '../../plugins/auth';
import {
  createEmployeeSchema,
  getEmployeeSchema,
  inviteEmployeeSchema,
  listEmployeesSchema,
  updateEmployeeSchema,
} from './schema';
import { LIST_TTL_MS } from '../../plugins/response-cache';

const EMAIL_TAKEN = 'An account with this email already exists';

export function joinName(firstName: string | null, lastName: string | null): string | null {
  return [firstName, lastName].filter(Boolean).join(' ') || null;
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

  /** Mails `person` a new invitation link; their older links stop working. */
  async function invite(caller: Caller, person: Employee): Promise<void> {
    const organization = await findOrganization(db, caller.organization_id);
    await issueAndMailLink(
      fastify,
      {
        organizationId: caller.organization_id,
        organizationName: organization?.name ?? 'Your organisation',
        userId: person.id,
        email: person.email,
        fullName: person.full_name,
      },
      'invitation',
    );
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
        await insertAddedUser(db, {
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
      const existing = await findEmployee(db, caller.organization_id, request.params.id);
      if (!existing) throw notFound('Employee');
      rejectForeignIds(body, { organization_id: [caller.organization_id] });
      checkAdminPower(caller, body.role, existing);

      const changes: UserUpdate = {};
      if (body.email !== undefined) {
        const email = normaliseEmail(body.email);
        if (email !== existing.email) {
          if (await emailInUse(db, email, existing.id)) throw conflict(EMAIL_TAKEN);
          changes.email = email;
        }
      }
      const firstName =
        body.firstName !== undefined ? (optionalText(body.firstName) ?? null) : existing.firstName;
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
      if (Object.keys(changes).length === 0) return existing;

      changes.updated_at = nowIso();
      // A new role, or leaving (inactive), ends the person's sessions: their tokens carry the
      // old role, and someone who left must not keep working for the rest of the token's life.
      const endSessions =
        (changes.role !== undefined && changes.role !== existing.role) ||
        (changes.status === 'inactive' && existing.status !== 'inactive');
      try {
        await updateUser(db, caller.organization_id, existing.id, changes, { endSessions });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN);
        throw error;
      }
      // This instance refuses the old tokens at once; the others within their cache's age.
      if (endSessions) fastify.tokenVersions.forget(existing.id);
      return (await findEmployee(db, caller.organization_id, existing.id))!;
    },
  );
};

export default employeeRoutes;
