/**
 * GET /document-previews/{token}: a document's bytes through a signed preview URL, without
 * signing in (the token, handed out by the signed-in `GET /documents/{id}/preview-url` to
 * whoever may read the document, is the authority). Expired or not signed here: 403; a
 * document deleted since: 404. Registered beside the calendar feeds, outside the signed-in
 * routes (app.ts). `?download=1` answers it as an attachment (the queue's Download link).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { findDocument } from '../../db/repositories/documents';
import { readPreviewToken } from '../../documents/preview-token';
import type { DocumentStore } from '../../documents/store';
import { HttpError, notFound } from '../../lib/http-errors';
import { sendContent } from './content';
import { defaultDocumentStore } from './store';
import { getDocumentPreviewSchema } from './schema';

const documentPreviewRoutes: FastifyPluginAsyncTypebox<{ store?: DocumentStore }> = async (
  fastify,
  options,
) => {
  const { db, config } = fastify;
  const store = options.store ?? defaultDocumentStore(fastify, config);

  fastify.get(
    '/document-previews/:token',
    { schema: getDocumentPreviewSchema },
    async (request, reply) => {
      const check = readPreviewToken(
        config.jwtSecret,
        request.params.token,
        Math.floor(Date.now() / 1000),
      );
      if (!check.ok) {
        throw new HttpError(
          403,
          check.reason === 'expired' ? 'link_expired' : 'forbidden',
          check.reason === 'expired'
            ? 'This preview link has expired; open the document again'
            : 'This preview link is not valid',
        );
      }
      const document = await findDocument(db, { organizationId: check.organizationId }, check.id);
      if (!document) throw notFound('Document');
      // The signature lets anyone with the URL read it for a few minutes: no shared caches.
      reply.header('referrer-policy', 'no-referrer');
      return sendContent(store, document, request, reply, request.query.download === '1');
    },
  );
};

export default documentPreviewRoutes;
