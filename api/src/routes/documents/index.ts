/**
 * Documents on certificates (issue 26, docs/documents.md): upload, list, read, download,
 * delete, and the approval of employees' uploads. Every route answers 404 for another
 * organisation's ids, and for an employee, for certificates they are not in charge of.
 */
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_BASE_PATH, TOTAL_COUNT_HEADER } from '@duly/shared/contract';
import { pageOf } from '../../db/list';
import { findCertificate } from '../../db/repositories/certificates';
import {
  findDocument,
  findDocuments,
  listCertificateDocuments,
  listDocuments,
  type StoredDocument,
} from '../../db/repositories/documents';
import { PREVIEW_PATH, PREVIEW_TTL_SECONDS, previewToken } from '../../documents/preview-token';
import type { DocumentStore } from '../../documents/store';
import { receiveUpload } from '../../documents/upload';
import { notFound } from '../../lib/http-errors';
import { InputCheck } from '../../lib/input';
import { hasRole, requireRole } from '../../plugins/auth';
import { ownerScope } from '../access';
import {
  approveDocument,
  approveDocuments,
  deleteStoredDocument,
  rejectDocument,
  saveUpload,
} from './actions';
import { sendContent } from './content';
import { defaultDocumentStore } from './store';
import {
  approveDocumentSchema,
  approveDocumentsSchema,
  deleteDocumentSchema,
  getDocumentPreviewUrlSchema,
  getDocumentContentSchema,
  getDocumentSchema,
  listCertificateDocumentsSchema,
  listDocumentsSchema,
  rejectDocumentSchema,
  uploadDocumentSchema,
} from './schema';

/** What the API shows: the row without where its bytes are. */
function view(document: StoredDocument) {
  const { storage_key: _key, ...shown } = document;
  return shown;
}

export interface DocumentRoutesOptions {
  /** The store; by default the S3 bucket of DOCUMENTS_S3_URL, or else the disk under DATA_DIR/documents. */
  store?: DocumentStore;
}

const documentRoutes: FastifyPluginAsyncTypebox<DocumentRoutesOptions> = async (
  fastify,
  options,
) => {
  const { db, config } = fastify;
  const root = path.join(config.dataDir, 'documents');
  const store = options.store ?? defaultDocumentStore(fastify, config);
  const staging = {
    dir: path.join(root, '.staging'),
    capacityBytes: config.documentsCapacityBytes,
    countedDir: root,
  };
  // Only this plugin's routes accept multipart bodies; limits are set per request.
  await fastify.register(multipart, { throwFileSizeLimit: true });

  const scopeOf = (caller: Parameters<typeof ownerScope>[0]) => ({
    organizationId: caller.organization_id,
    inchargePersonId: ownerScope(caller),
  });

  async function documentOf(caller: Parameters<typeof ownerScope>[0], id: string) {
    const document = await findDocument(db, scopeOf(caller), id);
    if (!document) throw notFound('Document');
    return document;
  }

  fastify.get(
    '/certificates/:id/documents/',
    { schema: listCertificateDocumentsSchema },
    async (request, reply) => {
      const { caller } = request;
      const certificate = await findCertificate(db, { id: request.params.id, ...scopeOf(caller) });
      if (!certificate) throw notFound('Certificate');
      // All of them, unpaged: a certificate has a handful of documents per renewal.
      const documents = await listCertificateDocuments(db, scopeOf(caller), certificate.id);
      reply.header(TOTAL_COUNT_HEADER, String(documents.length));
      return documents.map(view);
    },
  );

  fastify.post(
    '/certificates/:id/documents/',
    { schema: uploadDocumentSchema },
    async (request, reply) => {
      const { caller } = request;
      const certificate = await findCertificate(db, { id: request.params.id, ...scopeOf(caller) });
      if (!certificate) throw notFound('Certificate');
      const upload = await receiveUpload(request, { maxBytes: config.documentsMaxBytes, staging });
      const id = await saveUpload(db, store, caller, certificate, upload);
      return reply.code(201).send(view(await documentOf(caller, id)));
    },
  );

  fastify.get('/documents/', { schema: listDocumentsSchema }, async (request, reply) => {
    const { caller, query } = request;
    const { items, total } = await listDocuments(
      db,
      { ...scopeOf(caller), status: query.status },
      pageOf(query),
    );
    reply.header(TOTAL_COUNT_HEADER, String(total));
    return items.map(view);
  });

  fastify.get('/documents/:id/', { schema: getDocumentSchema }, async (request) =>
    view(await documentOf(request.caller, request.params.id)),
  );

  fastify.get(
    '/documents/:id/content',
    { schema: getDocumentContentSchema },
    async (request, reply) => {
      const document = await documentOf(request.caller, request.params.id);
      return sendContent(store, document, request, reply, request.query.download === '1');
    },
  );

  fastify.get(
    '/documents/:id/preview-url',
    { schema: getDocumentPreviewUrlSchema },
    async (request) => {
      const { caller } = request;
      const document = await documentOf(caller, request.params.id);
      const expires = Math.floor(Date.now() / 1000) + PREVIEW_TTL_SECONDS;
      const token = previewToken(config.jwtSecret, caller.organization_id, document.id, expires);
      return {
        url: `${API_BASE_PATH}${PREVIEW_PATH}${token}`,
        expires_at: new Date(expires * 1000).toISOString(),
      };
    },
  );

  fastify.delete('/documents/:id/', { schema: deleteDocumentSchema }, async (request, reply) => {
    const { caller } = request;
    const document = await documentOf(caller, request.params.id);
    const { unremovedKey, error } = await deleteStoredDocument(
      db,
      store,
      caller,
      document,
      hasRole(caller, 'manager'),
    );
    // The document is gone; only its bytes stay, unreachable, until removed by hand.
    if (unremovedKey) {
      request.log.warn(
        { err: error, key: unremovedKey },
        'A deleted document file was not removed',
      );
    }
    return reply.code(204).send(null);
  });

  fastify.post(
    '/documents/:id/approve',
    { schema: approveDocumentSchema, preHandler: requireRole('manager') },
    async (request) => {
      const { caller } = request;
      const document = await documentOf(caller, request.params.id);
      await approveDocument(db, caller, document);
      return view(await documentOf(caller, document.id));
    },
  );

  fastify.post(
    '/documents/approve',
    { schema: approveDocumentsSchema, preHandler: requireRole('manager') },
    async (request) => {
      const { caller } = request;
      const { ids } = request.body;
      const check = new InputCheck();
      if (new Set(ids).size !== ids.length) check.fail('ids', 'must not name a document twice');
      check.done();
      const documents = await findDocuments(db, scopeOf(caller), ids);
      if (documents.length !== ids.length) throw notFound('Document');
      await approveDocuments(db, caller, documents);
      const approved = await findDocuments(db, scopeOf(caller), ids);
      const byId = new Map(approved.map((document) => [document.id, document]));
      return ids.map((id) => view(byId.get(id)!));
    },
  );

  fastify.post(
    '/documents/:id/reject',
    { schema: rejectDocumentSchema, preHandler: requireRole('manager') },
    async (request) => {
      const { caller } = request;
      const document = await documentOf(caller, request.params.id);
      await rejectDocument(db, caller, document, request.body.reason);
      return view(await documentOf(caller, document.id));
    },
  );
};

export default documentRoutes;
