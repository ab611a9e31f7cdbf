/**
 * GET /reminders/status (admins): when the reminders' job last ran, on any instance, and
 * how many of the organisation's mails are due, scheduled, waiting for a retry or failed.
 * The answer to "alerts never arrive": a last run of days ago means no instance runs the
 * scheduler (SCHEDULER=off everywhere, or no server running); a growing retry count means
 * the SMTP server refuses (the server's log says why).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireRole } from '../../plugins/auth';
import { remindersStatus } from '../../db/repositories/scheduler-runs';
import { getRemindersStatusSchema } from './schema';

const reminderRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/reminders/status',
    { schema: getRemindersStatusSchema, preHandler: requireRole('admin') },
    async (request) =>
      remindersStatus(fastify.db, request.caller.organization_id, new Date().toISOString()),
  );
};

export default reminderRoutes;
