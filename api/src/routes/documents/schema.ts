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

/** At most this many documents are approved by one request. */
export const MAX_BULK_APPROVE = 100;

export const approveDocumentsSchema = {
  operationId: 'approveDocuments',
  summary:
    'Approve several pending documents at once (manager or admin), all or none: an unknown ' +
    'id is 404 and one decided already is 409, and then nothing is approved',
  tags,
  body: Type.Object(
    {
      ids: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
        minItems: 1,
        maxItems: MAX_BULK_APPROVE,
        description: 'Each id once',
      }),
    },
    { additionalProperties: false },
  ),
  response: { 200: Type.Array(DocumentSchema), ...errorResponses(400, 401, 403, 404, 409) },
};

export const PreviewUrlSchema = Type.Object({
  url: Type.String({
    description:
      'A path under /api/v1 that serves the content without the Authorization header, for ' +
      '<img> and <iframe>; it carries a signature and works until expires_at',
  }),
  expires_at: Type.String(),
});

export const getDocumentPreviewUrlSchema = {
  operationId: 'getDocumentPreviewUrl',
  summary: "A short-lived signed URL of a document's content, for previews (5 minutes)",
  tags,
  params: IdParams,
  response: { 200: PreviewUrlSchema, ...errorResponses(401, 404) },
};

export const getDocumentPreviewSchema = {
  operationId: 'getDocumentPreview',
  summary:
    "A document's bytes through a signed preview URL (no Authorization header: the URL's " +
    'signature is the authority); 403 when it is expired or not one this server signed',
  tags,
  params: Type.Object({ token: Type.String({ minLength: 1, maxLength: 400 }) }),
  querystring: Type.Object({ download: Type.Optional(Enum(['0', '1'])) }),
  response: {
    200: Type.String({ description: 'The file; 206 with a Range', format: 'binary' }),
    ...errorResponses(403, 404, 416, 503),
  },
};
