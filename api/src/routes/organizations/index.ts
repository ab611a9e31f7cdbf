/**
 * GET /organizations/{id}: any member of that organisation; any other id is 404.
 * GET|PATCH /organizations/{id}/settings: the organisation's settings (issue 26: whether
 * employees' documents need approval); any member reads them, an admin changes them.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  findOrganization,
  findOrganizationSettings,
  saveOrganizationSettings,
} from '../../db/repositories/organizations';
import { notFound } from '../../lib/http-errors';
import { requireRole } from '../../plugins/auth';
import {
  getOrganizationSchema,
  getOrganizationSettingsSchema,
  updateOrganizationSettingsSchema,
} from './schema';

const organizationRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db } = fastify;

  fastify.get('/organizations/:id', { schema: getOrganizationSchema }, async (request) => {
    const { id } = request.params;
    const organization =
      id === request.caller.organization_id ? await findOrganization(db, id) : undefined;
    if (!organization) throw notFound('Organization');
    return organization;
  });

  async function settingsOf(callerOrganization: string, id: string) {
    const settings = id === callerOrganization ? await findOrganizationSettings(db, id) : undefined;
    if (!settings) throw notFound('Organization');
    return settings;
  }

  fastify.get(
    '/organizations/:id/settings',
    { schema: getOrganizationSettingsSchema },
    async (request) => settingsOf(request.caller.organization_id, request.params.id),
  );

  fastify.patch(
    '/organizations/:id/settings',
    { schema: updateOrganizationSettingsSchema, preHandler: requireRole('admin') },
    async (request) => {
      const { id } = request.params;
      await settingsOf(request.caller.organization_id, id);
      await saveOrganizationSettings(db, id, request.body);
      return settingsOf(request.caller.organization_id, id);
    },
  );
};

export default organizationRoutes;
