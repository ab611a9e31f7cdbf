/**
 * GET /dashboard/. Overdue: status overdue, or not completed and past due.
 * Expired: status expired, or not renewed and past its expiry date (Asia/Kolkata).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { dashboardCounts } from '../../db/repositories/dashboard';
import { kolkataToday, nowIso } from '../../lib/dates';
import { hasRole } from '../../plugins/auth';
import { getDashboardSchema } from './schema';

const dashboardRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get('/dashboard/', { schema: getDashboardSchema }, async (request) => {
    const { caller } = request;
    const now = new Date();
    return dashboardCounts(fastify.db, {
      organizationId: caller.organization_id,
      ownerId: hasRole(caller, 'manager') ? undefined : caller.id,
      now: nowIso(now),
      today: kolkataToday(now),
    });
  });
};

export default dashboardRoutes;
