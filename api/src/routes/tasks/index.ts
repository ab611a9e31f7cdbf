/**
 * /tasks: list, read, create, change, and PATCH { status } (Mark as Done).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { TOTAL_COUNT_HEADER, type TaskStatus } from '@duly/shared/contract';
import { pageOf, parseSort } from '../../db/list';
import {
  TASK_SORTS,
  findTask,
  findTaskForSave,
  insertTask,
  listTasks,
  saveTask,
  type TaskEdit,
} from '../../db/repositories/tasks';
import { nowIso } from '../../lib/dates';
import { forbidden, notFound } from '../../lib/http-errors';
import { InputCheck, optionalText, rejectForeignIds } from '../../lib/input';
import { hasRole, requireRole } from '../../plugins/auth';
import { tellNewAssignee } from '../../reminders/reassignment';
import { taskEvent } from '../../webhooks/hooks';
import { queueWebhookEvents } from '../../webhooks/events';
import { LIST_TTL_MS } from '../../plugins/response-cache';
import { actorOf, checkMember, ownerScope, personFilter } from '../access';
import {
  createTaskSchema,
  getTaskSchema,
  listTasksSchema,
  setTaskStatusSchema,
  updateTaskSchema,
} from './schema';

/** The statuses an employee moves their own task between (Mark as Done and its undo). */
const EMPLOYEE_STATUSES: readonly TaskStatus[] = ['pending', 'in_progress', 'completed'];

/**
 * `overdue` and `escalated` belong to the scheduler (ARCHITECTURE 6): an employee can neither
 * set them nor clear them, except by completing the task.
 */
function checkEmployeeStatusChange(from: TaskStatus, to: TaskStatus): void {
  if (from === to) return;
  const automatic = !EMPLOYEE_STATUSES.includes(from);
  if (!EMPLOYEE_STATUSES.includes(to) || (automatic && to !== 'completed')) {
    throw forbidden(
      automatic
        ? 'An overdue or escalated task can only be marked as completed'
        : 'You can only set your task to pending, in progress or completed',
    );
  }
}

const taskRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db } = fastify;

  fastify.get('/tasks/', { schema: listTasksSchema }, async (request, reply) => {
    const { caller, query } = request;
    const assignedToUserId = personFilter(caller, query.assigned_to_user_id);
    if (assignedToUserId === null) return reply.header(TOTAL_COUNT_HEADER, '0').send([]);
    return fastify.cachedAnswer(request, reply, LIST_TTL_MS, async () => {
      const { items, total } = await listTasks(
        db,
        {
          organizationId: caller.organization_id,
          assignedToUserId,
          status: query.status,
          q: query.q,
        },
        parseSort(query.sort, TASK_SORTS, 'due_date'),
        pageOf(query),
      );
      return { body: items, total };
    });
  });

  fastify.get('/tasks/:id', { schema: getTaskSchema }, async (request) => {
    const { caller } = request;
    const task = await findTask(db, {
      id: request.params.id,
      organizationId: caller.organization_id,
      assignedToUserId: ownerScope(caller),
    });
    if (!task) throw notFound('Task');
    return task;
  });

  fastify.post(
    '/tasks/',
    { schema: createTaskSchema, preHandler: requireRole('manager') },
    async (request, reply) => {
      const { caller, body } = request;
      rejectForeignIds(body, {
        organization_id: [caller.organization_id],
        created_by_user_id: [caller.id],
        assigner_id: [caller.id, null],
      });
      const check = new InputCheck();
      const title = check.requiredText(body.title, 'title');
      const dueDate = check.instant(body.due_date, 'due_date');
      const assignee = body.assigned_to_user_id ?? null;
      await checkMember(db, caller, assignee, check, 'assigned_to_user_id');
      check.done();

      const id = randomUUID();
      const now = nowIso();
      await db.transaction().execute(async (trx) => {
        await insertTask(
          trx,
          {
            id,
            organization_id: caller.organization_id,
            title,
            description: optionalText(body.description) ?? null,
            due_date: dueDate,
            status: body.status ?? 'pending',
            assigned_to_user_id: assignee,
            created_by_user_id: caller.id,
            // Whoever creates the task is its assigner (shown on the employee dashboard).
            assigner_id: caller.id,
            created_at: now,
            updated_at: now,
          },
          actorOf(caller),
        );
        await queueWebhookEvents(trx, [taskEvent(trx, 'task.created', caller.organization_id, id)]);
      });
      const task = await findTask(db, { id, organizationId: caller.organization_id });
      return reply.code(201).send(task!);
    },
  );

  fastify.put(
    '/tasks/:id',
    { schema: updateTaskSchema, preHandler: requireRole('manager') },
    async (request) => {
      const { caller, body } = request;
      const scope = { id: request.params.id, organizationId: caller.organization_id };
      // Read in the save's transaction (locked while the history records): its recorded fields
      // are the save's old values, so the UPDATE reads none (db/old-values.ts lockedForSave).
      const unchanged = await db.transaction().execute(async (trx) => {
        const existing = await findTaskForSave(trx, scope);
        if (!existing) throw notFound('Task');
        rejectForeignIds(body, {
          organization_id: [caller.organization_id],
          created_by_user_id: [existing.created_by_user_id],
          assigner_id: [caller.id, existing.assigner_id],
        });

        const check = new InputCheck();
        const changes: TaskEdit['changes'] = {};
        if (body.title !== undefined) changes.title = check.requiredText(body.title, 'title');
        if (body.description !== undefined) changes.description = optionalText(body.description);
        if (body.due_date !== undefined) {
          changes.due_date = check.instant(body.due_date, 'due_date');
        }
        const { assigned_to_user_id: byUserId, assigned_to_employee_id: byEmployeeId } = body;
        if (byUserId !== undefined && byEmployeeId !== undefined && byUserId !== byEmployeeId) {
          check.fail(
            'assigned_to_employee_id',
            'must match assigned_to_user_id when both are sent',
          );
        }
        const assigneePath =
          byEmployeeId !== undefined ? 'assigned_to_employee_id' : 'assigned_to_user_id';
        const assignee = byEmployeeId !== undefined ? byEmployeeId : byUserId;
        await checkMember(trx, caller, assignee, check, assigneePath);
        check.done();

        const reassigned = assignee !== undefined && assignee !== existing.assigned_to_user_id;
        if (reassigned) {
          changes.assigned_to_user_id = assignee;
          changes.assigner_id = caller.id;
        }
        if (Object.keys(changes).length === 0 && body.status === undefined) return existing;
        const now = nowIso();
        changes.updated_at = now;
        // The status is worked out by the UPDATE itself (repositories/tasks.ts statusAfterSave).
        const saved = await saveTask(
          trx,
          caller.organization_id,
          existing.id,
          {
            changes,
            status: body.status,
            now,
          },
          actorOf(caller),
          existing,
        );
        if (saved && reassigned) await tellNewAssignee(trx, saved, now);
        if (saved) {
          await queueWebhookEvents(trx, [
            taskEvent(trx, 'task.updated', caller.organization_id, existing.id),
          ]);
        }
        return undefined;
      });
      return unchanged ?? (await findTask(db, scope))!;
    },
  );

  fastify.patch('/tasks/:id', { schema: setTaskStatusSchema }, async (request) => {
    const { caller } = request;
    const scope = {
      id: request.params.id,
      organizationId: caller.organization_id,
      assignedToUserId: ownerScope(caller),
    };
    const existing = await findTask(db, scope);
    if (!existing) throw notFound('Task');
    if (!hasRole(caller, 'manager'))
      checkEmployeeStatusChange(existing.status, request.body.status);
    if (existing.status !== request.body.status) {
      const now = nowIso();
      await db.transaction().execute(async (trx) => {
        const saved = await saveTask(
          trx,
          caller.organization_id,
          existing.id,
          {
            changes: { updated_at: now },
            status: request.body.status,
            now,
          },
          actorOf(caller),
        );
        if (saved) {
          await queueWebhookEvents(trx, [
            taskEvent(trx, 'task.updated', caller.organization_id, existing.id),
          ]);
        }
      });
    }
    return (await findTask(db, scope))!;
  });
};

export default taskRoutes;
