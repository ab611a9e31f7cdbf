/** /employee/*: the caller's own tasks and certificates, whatever their role. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { pageOf, parseSort } from '../../db/list';
import { CERTIFICATE_SORTS, listCertificates } from '../../db/repositories/certificates';
import { TASK_SORTS, listTasks } from '../../db/repositories/tasks';
import { myCertificatesSchema, myTasksSchema } from './schema';
import { LIST_TTL_MS } from '../../plugins/response-cache';

const employeeRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db } = fastify;

  fastify.get('/employee/tasks', { schema: myTasksSchema }, async (request, reply) => {
    const { caller, query } = request;
    return fastify.cachedAnswer(request, reply, LIST_TTL_MS, async () => {
      const { items, total } = await listTasks(
        db,
        {
          organizationId: caller.organization_id,
          assignedToUserId: caller.id,
          // ARCHITECTURE 6: pending = every status but completed; done = completed.
          status: query.status === 'done' ? 'completed' : undefined,
          statusNot: query.status === 'pending' ? 'completed' : undefined,
          q: query.q,
        },
        parseSort(query.sort, TASK_SORTS, 'due_date'),
        pageOf(query),
      );
      return { body: items, total };
    });
  });

  fastify.get(
    '/employee/certificates',
    { schema: myCertificatesSchema },
    async (request, reply) => {
      const { caller, query } = request;
      return fastify.cachedAnswer(request, reply, LIST_TTL_MS, async () => {
        const { items, total } = await listCertificates(
          db,
          {
            organizationId: caller.organization_id,
            inchargePersonId: caller.id,
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
};

export default employeeRoutes;
