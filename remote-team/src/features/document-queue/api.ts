/**
 * The manager's approval queue of documents (issue 26): employees' pending uploads, approved
 * one at a time, several at once or rejected with a reason, and a signed preview URL for each
 * (an <img> or <iframe> cannot send the Authorization header). Injected into the app's one
 * `baseApi`; names start with `team`, this remote's domain.
 *
 * Tags: the queue and its count provide `Document` (LIST); a decision invalidates it, the
 * certificate (an approved renewal changes its dates), every certificate list and the
 * dashboards, so the team dashboard's count follows.
 */
import {
  apiConfig,
  baseApi,
  pageQuery,
  toPage,
  type ApiMeta,
  type Page,
  type PersonRef,
} from '@duly/shared/core';

export interface QueuedDocument {
  id: string;
  certificate_id: string;
  certificate_name: string;
  filename: string;
  content_type: string;
  size: number;
  status: 'approved' | 'pending' | 'rejected';
  rejection_reason: string | null;
  uploaded_by: PersonRef;
  created_at: string;
  valid_until: string;
  proposed_issue_date: string | null;
  proposed_expiry_date: string | null;
}

export interface PreviewUrl {
  url: string;
  expires_at: string;
}

/** At most this many documents are approved by one request (the API's limit). */
export const MAX_APPROVE_AT_ONCE = 100;

function decisionTags(documents: readonly { id: string; certificate_id: string }[]) {
  return [
    { type: 'Document' as const, id: 'LIST' },
    ...documents.map((document) => ({ type: 'Document' as const, id: document.id })),
    ...documents.map((document) => ({
      type: 'Certificate' as const,
      id: document.certificate_id,
    })),
    { type: 'Certificate' as const, id: 'LIST' },
    'Dashboard' as const,
  ];
}

export function injectDocumentQueueEndpoints(api: typeof baseApi) {
  return api.injectEndpoints({
    overrideExisting: 'throw',
    endpoints: (build) => ({
      teamPendingDocuments: build.query<Page<QueuedDocument>, { limit: number; offset: number }>(
        pageQuery('Document', '/documents/', (params) => ({ ...params, status: 'pending' })),
      ),
      /** How many documents wait for a decision (one row asked; the total is the header's). */
      teamPendingDocumentCount: build.query<number, void>({
        query: () => ({ url: '/documents/', params: { status: 'pending', limit: 1 } }),
        transformResponse: (items: QueuedDocument[], meta: ApiMeta | undefined) =>
          toPage(items, meta).total,
        providesTags: [{ type: 'Document', id: 'LIST' }],
      }),
      teamDocumentPreviewUrl: build.query<PreviewUrl, string>({
        query: (id) => ({ url: `/documents/${encodeURIComponent(id)}/preview-url` }),
        // The URL is a path on the API's host, which may be another origin than the page's.
        transformResponse: (answer: PreviewUrl) => ({
          ...answer,
          url: new URL(answer.url, new URL(apiConfig().baseUrl, window.location.href)).href,
        }),
        // The URL works for five minutes: a preview opened again later asks for a new one.
        keepUnusedDataFor: 0,
      }),
      teamApproveDocument: build.mutation<QueuedDocument, QueuedDocument>({
        query: (document) => ({
          url: `/documents/${encodeURIComponent(document.id)}/approve`,
          method: 'POST',
        }),
        invalidatesTags: (_result, error, document) => (error ? [] : decisionTags([document])),
      }),
      teamApproveDocuments: build.mutation<QueuedDocument[], QueuedDocument[]>({
        query: (documents) => ({
          url: '/documents/approve',
          method: 'POST',
          data: { ids: documents.map((document) => document.id) },
        }),
        invalidatesTags: (_result, error, documents) => (error ? [] : decisionTags(documents)),
      }),
      teamRejectDocument: build.mutation<
        QueuedDocument,
        { document: QueuedDocument; reason: string }
      >({
        query: ({ document, reason }) => ({
          url: `/documents/${encodeURIComponent(document.id)}/reject`,
          method: 'POST',
          data: { reason },
        }),
        invalidatesTags: (_result, error, { document }) => (error ? [] : decisionTags([document])),
      }),
    }),
  });
}

export const documentQueueApi = injectDocumentQueueEndpoints(baseApi);

export const {
  useTeamPendingDocumentsQuery,
  useTeamPendingDocumentCountQuery,
  useTeamDocumentPreviewUrlQuery,
  useTeamApproveDocumentMutation,
  useTeamApproveDocumentsMutation,
  useTeamRejectDocumentMutation,
} = documentQueueApi;
