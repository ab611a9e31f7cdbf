/**
 * GET /employees/export, /tasks/export, /certificates/export: the list screens' "Export".
 * Same filters, search, sort and visibility as the list itself; the file is streamed
 * (export/write.ts).
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { parseSort } from '../../db/list';
import { CERTIFICATE_SORTS, exportCertificates } from '../../db/repositories/certificates';
import { TASK_SORTS, exportTasks } from '../../db/repositories/tasks';
import { EMPLOYEE_SORTS, exportEmployees } from '../../db/repositories/users';
import {
  CERTIFICATE_EXPORT_COLUMNS,
  EMPLOYEE_EXPORT_COLUMNS,
  TASK_EXPORT_COLUMNS,
} from '../../export/columns';
import { kolkataToday } from '../../lib/dates';
import {
  CONTENT_TYPES,
  exportStream,
  type ExportColumn,
  type ExportFormat,
} from '../../export/write';
import { personFilter } from '../access';
import { certificateListFilter } from '../certificates';
import { exportCertificatesSchema, exportEmployeesSchema, exportTasksSchema } from './schema';

async function* nothing(): AsyncGenerator<Record<string, unknown>[]> {}

function send(
  reply: FastifyReply,
  name: string,
  query: { format?: ExportFormat; delimiter?: ',' | ';' },
  columns: readonly ExportColumn[],
  batches: AsyncIterable<Record<string, unknown>[]>,
) {
  const format = query.format ?? 'csv';
  return reply
    .header('content-type', CONTENT_TYPES[format])
    .header('content-disposition', `attachment; filename="${name}-${kolkataToday()}.${format}"`)
    .header('cache-control', 'no-store')
    .send(exportStream(format, columns, batches, query.delimiter ?? ','));
}

const exportRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db } = fastify;

  fastify.get('/employees/export', { schema: exportEmployeesSchema }, async (request, reply) => {
    const { caller, query } = request;
    const batches = exportEmployees(
      db,
      {
        organizationId: caller.organization_id,
        status: query.status,
        role: query.role,
        department: query.department,
        q: query.q,
      },
      parseSort(query.sort, EMPLOYEE_SORTS, 'full_name'),
    );
    return send(reply, 'employees', query, EMPLOYEE_EXPORT_COLUMNS, batches);
  });

  fastify.get('/tasks/export', { schema: exportTasksSchema }, async (request, reply) => {
    const { caller, query } = request;
    const assignedToUserId = personFilter(caller, query.assigned_to_user_id);
    const batches =
      assignedToUserId === null
        ? nothing()
        : exportTasks(
            db,
            {
              organizationId: caller.organization_id,
              assignedToUserId,
              status: query.status,
              q: query.q,
            },
            parseSort(query.sort, TASK_SORTS, 'due_date'),
          );
    return send(reply, 'tasks', query, TASK_EXPORT_COLUMNS, batches);
  });

  fastify.get(
    '/certificates/export',
    { schema: exportCertificatesSchema },
    async (request, reply) => {
      const { caller, query } = request;
      const inchargePersonId = personFilter(caller, query.incharge_person_id);
      const batches =
        inchargePersonId === null
          ? nothing()
          : exportCertificates(
              db,
              certificateListFilter(caller.organization_id, inchargePersonId, query),
              parseSort(query.sort, CERTIFICATE_SORTS, 'expiry_date'),
            );
      return send(reply, 'certificates', query, CERTIFICATE_EXPORT_COLUMNS, batches);
    },
  );
};

export default exportRoutes;
