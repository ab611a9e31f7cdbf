/** GET /health: 200 when the database answers, 503 otherwise (for load balancers). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorBody } from '../../lib/schema';

const healthRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/health',
    {
      schema: {
        operationId: 'getHealth',
        summary: 'Liveness and database check',
        tags: ['health'],
        security: [],
        response: { 200: Type.Object({ status: Type.Literal('ok') }), 503: ErrorBody },
      },
    },
    async (_request, reply) => {
      if (await fastify.databaseAnswers()) return { status: 'ok' as const };
      return reply.code(503).send({ message: 'The database does not answer', code: 'unavailable' });
    },
  );
};

export default healthRoutes;
