/**
 * GET /dashboard/. Overdue: status overdue, or not completed and past due.
 * Expired: status expired, or not renewed and past its expiry date (Asia/Kolkata).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { dashboardCounts } from '../../db/repositories/dashboard';
import { kolkataTodayAt, nowIso } from '../../lib/dates';
import { hasRole } from '../../plugins/auth';
import { DASHBOARD_TTL_MS } from '../../plugins/response-cache';
import { getDashboardSchema } from './schema';

const dashboardRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get('/dashboard/', { schema: getDashboardSchema }, async (request, reply) => {
    const { caller } = request;
    return fastify.cachedAnswer(request, reply, DASHBOARD_TTL_MS, async () => {
      const now = new Date();
      const body = await dashboardCounts(fastify.db, {
        organizationId: caller.organization_id,
        ownerId: hasRole(caller, 'manager') ? undefined : caller.id,
        now: nowIso(now),
        today: kolkataTodayAt(now),
      });
      return { body };
    });
  });
};

export default dashboardRoutes;
