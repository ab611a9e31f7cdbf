/**
 * /manager/*: the team dashboard's calls, for managers and admins (403 for
 * employees). The team is the organisation; an id of another organisation
 * is 404. /manager/summary gives the dashboard's summary line in one answer
 * (issue 32: one request of the page's first wave instead of three).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { pageOf, parseSort } from '../../db/list';
import {
  CERTIFICATE_SORTS,
  findCertificate,
  listCertificates,
  reminderWindowCountsOf,
  saveCertificate,
} from '../../db/repositories/certificates';
import {
  TASK_SORTS,
  findTask,
  listTasks,
  openTaskCountsOf,
  saveTask,
} from '../../db/repositories/tasks';
import { dashboardCounts } from '../../db/repositories/dashboard';
import { listDocuments } from '../../db/repositories/documents';
import { findEmployee, listTeam } from '../../db/repositories/users';
import { kolkataToday, kolkataTodayAt, nowIso } from '../../lib/dates';
import { notFound } from '../../lib/http-errors';
import { requireRole } from '../../plugins/auth';
import { actorOf } from '../access';
import { tellNewAssignee, tellNewPersonInCharge } from '../../reminders/reassignment';
import { reminderWindow } from '../certificates';
import { DASHBOARD_TTL_MS, LIST_TTL_MS } from '../../plugins/response-cache';
import {
  assignCertificateSchema,
  assignTaskSchema,
  teamCertificatesSchema,
  teamSchema,
  teamSummarySchema,
  teamTasksSchema,
} from './schema';

/** Only a count is wanted: one row, and the total (db/list.ts counts past a full page). */
const COUNT_ONLY = { limit: 1, offset: 0 };

const managerRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db } = fastify;
  fastify.addHook('preHandler', requireRole('manager'));

  fastify.get('/manager/team', { schema: teamSchema }, async (request, reply) => {
    return fastify.cachedAnswer(request, reply, LIST_TTL_MS, async () => {
      const organizationId = request.caller.organization_id;
      const { items, total } = await listTeam(db, organizationId, pageOf(request.query));
      // Counts for this page's people only, so the cost stays with the page size.
      const ids = items.map((member) => member.id);
      const [tasks, expiring] = await Promise.all([
        openTaskCountsOf(db, organizationId, ids, nowIso()),
        reminderWindowCountsOf(db, organizationId, ids, kolkataToday()),
      ]);
      const body = items.map((member) => ({
        ...member,
        open_tasks: tasks.get(member.id)?.open ?? 0,
        overdue_tasks: tasks.get(member.id)?.overdue ?? 0,
        expiring_certificates: expiring.get(member.id) ?? 0,
      }));
      return { body, total };
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
            ...reminderWindow(query.in_reminder_window),
          },
          parseSort(query.sort, CERTIFICATE_SORTS, 'expiry_date'),
          pageOf(query),
        );
        return { body: items, total };
      });
    },
  );

  /**
   * The summary line of the team dashboard: the organisation's overdue tasks (as GET
   * /dashboard/ counts them for a manager), its certificates in their reminder window (GET
   * /manager/certificates?in_reminder_window=true's total) and the documents waiting for a
   * decision (GET /documents/?status=pending's total). Counts the past due now, so it is kept
   * as briefly as the dashboard's.
   */
  fastify.get('/manager/summary', { schema: teamSummarySchema }, async (request, reply) => {
    const organizationId = request.caller.organization_id;
    return fastify.cachedAnswer(request, reply, DASHBOARD_TTL_MS, async () => {
      const now = new Date();
      const [counts, expiring, pending] = await Promise.all([
        dashboardCounts(db, {
          organizationId,
          ownerId: undefined,
          now: nowIso(now),
          today: kolkataTodayAt(now),
        }),
        listCertificates(
          db,
          { organizationId, ...reminderWindow('true') },
          parseSort(undefined, CERTIFICATE_SORTS, 'expiry_date'),
          COUNT_ONLY,
        ),
        listDocuments(db, { organizationId, status: 'pending' }, COUNT_ONLY),
      ]);
      const body = {
        overdue_tasks: counts.tasks.overdue_tasks,
        certificates_in_reminder_window: expiring.total,
        pending_documents: pending.total,
      };
      return { body };
    });
  });

  fastify.post('/manager/tasks/assign', { schema: assignTaskSchema }, async (request) => {
    const { caller, body } = request;
    const scope = { id: body.task_id, organizationId: caller.organization_id };
    const existing = await findTask(db, scope);
    if (!existing) throw notFound('Task');
    if (!(await findEmployee(db, caller.organization_id, body.employee_id))) {
      throw notFound('Employee');
    }
    const now = nowIso();
    await db.transaction().execute(async (trx) => {
      const saved = await saveTask(
        trx,
        caller.organization_id,
        body.task_id,
        {
          changes: {
            assigned_to_user_id: body.employee_id,
            assigner_id: caller.id,
            updated_at: now,
          },
          now,
        },
        actorOf(caller),
      );
      // A new assignee of a late task is told, as the previous one was (reminders/reassignment.ts).
      if (saved && existing.assigned_to_user_id !== body.employee_id) {
        await tellNewAssignee(trx, saved, now);
      }
    });
    return (await findTask(db, scope))!;
  });

  fastify.post(
    '/manager/certificates/assign',
    { schema: assignCertificateSchema },
    async (request) => {
      const { caller, body } = request;
      const scope = { id: body.certificate_id, organizationId: caller.organization_id };
      const existing = await findCertificate(db, scope);
      if (!existing) throw notFound('Certificate');
      if (!(await findEmployee(db, caller.organization_id, body.employee_id))) {
        throw notFound('Employee');
      }
      const reassigned = existing.incharge_person_id !== body.employee_id;
      const now = nowIso();
      await db.transaction().execute(async (trx) => {
        const saved = await saveCertificate(
          trx,
          caller.organization_id,
          body.certificate_id,
          {
            // A new person in charge re-arms the reminder (the save does: reassignment.ts).
            changes: {
              incharge_person_id: body.employee_id,
              assigner_id: caller.id,
              updated_at: now,
            },
            expiryDate: existing.expiry_date,
            today: kolkataToday(),
          },
          actorOf(caller),
        );
        if (saved && reassigned) await tellNewPersonInCharge(trx, saved, now);
      });
      return (await findCertificate(db, scope))!;
    },
  );
};

export default managerRoutes;
