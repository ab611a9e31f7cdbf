import { Type } from 'typebox';
import { Enum, IdParams, Nullable, PageQuery, PersonRef, errorResponses } from '../../lib/schema';

export const DOCUMENT_STATUSES = ['approved', 'pending', 'rejected'] as const;

export const DocumentSchema = Type.Object({
  id: Type.String(),
  certificate_id: Type.String(),
  certificate_name: Type.String(),
  filename: Type.String({ description: 'The uploaded name, sanitised; for display only' }),
  content_type: Type.String({ description: 'Decided from the bytes' }),
  size: Type.Integer(),
  sha256: Type.String(),
  status: Enum(DOCUMENT_STATUSES),
  rejection_reason: Nullable(Type.String()),
  uploaded_by: PersonRef,
  created_at: Type.String(),
  valid_until: Type.String({
    description: "The certificate's expiry date the document belongs to (YYYY-MM-DD)",
  }),
  proposed_issue_date: Nullable(Type.String()),
  proposed_expiry_date: Nullable(Type.String()),
});

const tags = ['documents'];

export const listCertificateDocumentsSchema = {
  operationId: 'listCertificateDocuments',
  summary: "A certificate's documents, the current validity first",
  tags,
  params: IdParams,
  response: { 200: Type.Array(DocumentSchema), ...errorResponses(401, 404) },
};

export const uploadDocumentSchema = {
  operationId: 'uploadCertificateDocument',
  summary:
    'Upload a document (multipart/form-data: field `file`, optional `issue_date` and ' +
    '`expiry_date` for a renewal). PDF, JPEG, PNG or WebP, decided from the bytes.',
  tags,
  params: IdParams,
  consumes: ['multipart/form-data'],
  response: {
    201: DocumentSchema,
    ...errorResponses(400, 401, 404, 413, 415, 503, 507),
  },
};

export const getDocumentSchema = {
  operationId: 'getDocument',
  summary: "A document's metadata",
  tags,
  params: IdParams,
  response: { 200: DocumentSchema, ...errorResponses(401, 404) },
};

export const getDocumentContentSchema = {
  operationId: 'getDocumentContent',
  summary: "A document's bytes (Range, ETag; inline, or attachment with download=1)",
  tags,
  params: IdParams,
  querystring: Type.Object({ download: Type.Optional(Enum(['0', '1'])) }),
  response: {
    200: Type.String({
      description: 'The file (PDF, JPEG, PNG or WebP); 206 with a Range',
      format: 'binary',
    }),
    ...errorResponses(401, 404, 416, 503),
  },
};

export const deleteDocumentSchema = {
  operationId: 'deleteDocument',
  summary: 'Delete a document (manager or admin; an employee: their own pending upload)',
  tags,
  params: IdParams,
  response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
};

export const approveDocumentSchema = {
  operationId: 'approveDocument',
  summary: "Approve a pending document (manager or admin); a renewal's dates apply",
  tags,
  params: IdParams,
  response: { 200: DocumentSchema, ...errorResponses(401, 403, 404, 409) },
};

export const rejectDocumentSchema = {
  operationId: 'rejectDocument',
  summary: 'Reject a pending document with a reason (manager or admin); the uploader is told',
  tags,
  params: IdParams,
  body: Type.Object({ reason: Type.String({ minLength: 1, maxLength: 500 }) }),
  response: { 200: DocumentSchema, ...errorResponses(400, 401, 403, 404, 409) },
};

export const listDocumentsSchema = {
  operationId: 'listDocuments',
  summary: 'Documents of the organisation by status (`status=pending`: the approval queue)',
  tags,
  querystring: Type.Object({
    ...PageQuery.properties,
    status: Type.Optional(Enum(DOCUMENT_STATUSES)),
  }),
  response: { 200: Type.Array(DocumentSchema), ...errorResponses(400, 401) },
};
