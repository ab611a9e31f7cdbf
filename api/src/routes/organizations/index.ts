/** GET /organizations/{id}: any member of that organisation; any other id is 404. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { findOrganization } from '../../db/repositories/organizations';
import { notFound } from '../../lib/http-errors';
import { getOrganizationSchema } from './schema';

const organizationRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get('/organizations/:id', { schema: getOrganizationSchema }, async (request) => {
    const { id } = request.params;
    const organization =
      id === request.caller.organization_id ? await findOrganization(fastify.db, id) : undefined;
    if (!organization) throw notFound('Organization');
    return organization;
  });
};

export default organizationRoutes;
