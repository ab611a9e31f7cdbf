/**
 * OpenAPI 3 generated from the route schemas, served as JSON at GET /docs
 * (under /api/v1). No UI: nothing is loaded from a CDN.
 */
import swagger from '@fastify/swagger';
import fp from 'fastify-plugin';
import { API_BASE_PATH } from '@duly/shared/contract';

export default fp(
  async (fastify) => {
    await fastify.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Duly API',
          version: '1.0.0',
          description:
            'Tasks, expiring certificates and employees of one organisation. Lists are paginated ' +
            '(limit, offset); the total is in the X-Total-Count header. Errors are ' +
            '{ message, code, errors?: [{ path, message }] }.',
        },
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
        security: [{ bearerAuth: [] }],
      },
    });

    fastify.get('/docs', { schema: { hide: true } }, async () => fastify.swagger());
  },
  { name: 'docs' },
);

/** Where the document is served, for logs and the README. */
export const DOCS_PATH = `${API_BASE_PATH}/docs`;
