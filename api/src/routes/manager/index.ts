/**
 * /manager/*: the team dashboard's calls, for managers and admins (403 for
 * employees). The team is the organisation; an id of another organisation
 * is 404.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { pageOf, parseSort } from '../../db/list';
import {
  CERTIFICATE_SORTS,
  findCertificate,
  listCertificates,
  updateCertificate,
} from '../../db/repositories/certificates';
import { TASK_SORTS, findTask, listTasks, updateTask } from '../../db/repositories/tasks';
import { findEmployee, listTeam } from '../../db/repositories/users';
import { nowIso } from '../../lib/dates';
import { notFound } from '../../lib/http-errors';
import { requireRole } from '../../plugins/auth';
import { LIST_TTL_MS } from '../../plugins/response-cache';
import {
  assignCertificateSchema,
  assignTaskSchema,
  teamCertificatesSchema,
  teamSchema,
  teamTasksSchema,
} from './schema';

const managerRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db } = fastify;
  fastify.addHook('preHandler', requireRole('manager'));

  fastify.get('/manager/team', { schema: teamSchema }, async (request, reply) => {
    return fastify.cachedAnswer(request, reply, LIST_TTL_MS, async () => {
      const { items, total } = await listTeam(
        db,
        request.caller.organization_id,
        pageOf(request.query),
      );
      return { body: items, total };
    });
  });

  fastify.get('/manager/tasks', { schema: teamTasksSchema }, async (request, reply) => {
    const { caller, query } = request;
    return fastify.cachedAnswer(request, reply, LIST_TTL_MS, async () => {
      const { items, total } = await listTasks(
        db,
        {
          organizationId: caller.organization_id,
          assignedToUserId: query.assigned_to_user_id,
          status: query.status,
          q: query.q,
        },
        parseSort(query.sort, TASK_SORTS, 'due_date'),
        pageOf(query),
      );
      return { body: items, total };
    });
  });

  fastify.get(
    '/manager/certificates',
    { schema: teamCertificatesSchema },
    async (request, reply) => {
      const { caller, query } = request;
      return fastify.cachedAnswer(request, reply, LIST_TTL_MS, async () => {
        const { items, total } = await listCertificates(
          db,
          {
            organizationId: caller.organization_id,
            inchargePersonId: query.incharge_person_id,
            status: query.status,
            q: query.q,
          },
          parseSort(query.sort, CERTIFICATE_SORTS, 'expiry_date'),
          pageOf(query),
        );
        return { body: items, total };
      });
    },
  );

  fastify.post('/manager/tasks/assign', { schema: assignTaskSchema }, async (request) => {
    const { caller, body } = request;
    const scope = { id: body.task_id, organizationId: caller.organization_id };
    if (!(await findTask(db, scope))) throw notFound('Task');
    if (!(await findEmployee(db, caller.organization_id, body.employee_id))) {
      throw notFound('Employee');
    }
    await updateTask(db, caller.organization_id, body.task_id, {
      assigned_to_user_id: body.employee_id,
      assigner_id: caller.id,
      updated_at: nowIso(),
    });
    return (await findTask(db, scope))!;
  });

  fastify.post(
    '/manager/certificates/assign',
    { schema: assignCertificateSchema },
    async (request) => {
      const { caller, body } = request;
      const scope = { id: body.certificate_id, organizationId: caller.organization_id };
      if (!(await findCertificate(db, scope))) throw notFound('Certificate');
      if (!(await findEmployee(db, caller.organization_id, body.employee_id))) {
        throw notFound('Employee');
      }
      await updateCertificate(db, caller.organization_id, body.certificate_id, {
        incharge_person_id: body.employee_id,
        assigner_id: caller.id,
        updated_at: nowIso(),
      });
      return (await findCertificate(db, scope))!;
    },
  );
};

export default managerRoutes;
