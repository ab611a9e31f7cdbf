/**
 * The API's reference: the OpenAPI 3 document generated from the route schemas, served as JSON
 * at GET /api/v1/docs (docsJsonRoute, inside the API), and as a page a person can browse at
 * /api/docs (Swagger UI, its files served by this server from the npm package: nothing comes
 * from a CDN). The document is linted in the API suite (test/openapi.test.ts).
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { API_BASE_PATH } from '@duly/shared/contract';
import { documentAnswers, shareErrorSchema } from './openapi-answers';

/** Where the JSON document is served, for logs and the README. */
export const DOCS_PATH = `${API_BASE_PATH}/docs`;

/** Where the reference page is served. */
export const DOCS_PAGE_PATH = '/api/docs';

/**
 * The page's policy: its own scripts and styles only. Swagger UI sets a few inline styles
 * (collapsing sections), hence 'unsafe-inline' for styles alone; it never needs inline script.
 */
export const DOCS_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join(';');

/**
 * Registered at the server's root, before the API, so it sees every route; only the API's
 * routes go into the document (the web app's files beside it are not part of the API).
 */
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
          license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        },
        servers: [{ url: '/', description: 'The server that serves this document' }],
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
        security: [{ bearerAuth: [] }],
      },
      transform: ({ schema, url }) => ({
        schema: url.startsWith(`${API_BASE_PATH}/`)
          ? documentAnswers(schema ?? {})
          : { ...schema, hide: true },
        url,
      }),
      // An OpenAPI document (never Swagger 2): the `openapi` option above.
      transformObject: (document) =>
        shareErrorSchema('openapiObject' in document ? document.openapiObject : {}),
    });
    await fastify.register(swaggerUi, {
      routePrefix: DOCS_PAGE_PATH,
      staticCSP: DOCS_PAGE_CSP,
      theme: { title: 'Duly API reference' },
      uiConfig: { deepLinking: true, displayOperationId: true, tryItOutEnabled: false },
    });
  },
  { name: 'docs' },
);

/** GET /docs inside the API: the document as JSON, with the API's headers and errors. */
export const docsJsonRoute: FastifyPluginAsync = async (fastify) => {
  fastify.get('/docs', { schema: { hide: true } }, async () => fastify.swagger());
};
