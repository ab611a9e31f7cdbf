/**
 * The manager's approval queue of documents (issue 26): employees' pending uploads, approved
 * one at a time, several at once or rejected with a reason (the decisions are the kit's, tagged
 * as docs/shared-library.md says), and a signed preview URL for each (an <img> or <iframe>
 * cannot send the Authorization header). Names start with `team`, this remote's domain.
 */
import {
  apiConfig,
  baseApi,
  featureEndpoints,
  itemUrl,
  pageQuery,
  withParams,
  type Page,
} from '@duly/shared/core';
import {
  approveDocumentMutation,
  approveDocumentsMutation,
  rejectDocumentMutation,
  type CertificateDocument,
} from '@duly/shared/documents';

/** A queued document: a certificate's document without its checksum. */
export type QueuedDocument = Omit<CertificateDocument, 'sha256'>;

export interface PreviewUrl {
  url: string;
  expires_at: string;
}

/** At most this many documents are approved by one request (the API's limit). */
export const MAX_APPROVE_AT_ONCE = 100;

const PENDING = { status: 'pending' };

export const injectDocumentQueueEndpoints = featureEndpoints((build) => ({
  teamPendingDocuments: build.query<Page<QueuedDocument>, { limit: number; offset: number }>(
    pageQuery('Document', '/documents/', withParams(PENDING)),
  ),
  teamDocumentPreviewUrl: build.query<PreviewUrl, string>({
    query: (id) => ({ url: itemUrl('/documents/', id, '/preview-url') }),
    // The URL is a path on the API's host, which may be another origin than the page's.
    transformResponse: (answer: PreviewUrl) => ({
      ...answer,
      url: new URL(answer.url, new URL(apiConfig().baseUrl, window.location.href)).href,
    }),
    // The URL works for five minutes: a preview opened again later asks for a new one.
    keepUnusedDataFor: 0,
  }),
  teamApproveDocument: build.mutation<QueuedDocument, QueuedDocument>(approveDocumentMutation()),
  teamApproveDocuments: build.mutation<QueuedDocument[], QueuedDocument[]>(
    approveDocumentsMutation(),
  ),
  teamRejectDocument: build.mutation<QueuedDocument, { document: QueuedDocument; reason: string }>(
    rejectDocumentMutation(),
  ),
}));

export const documentQueueApi = injectDocumentQueueEndpoints(baseApi);

export const {
  useTeamPendingDocumentsQuery,
  useTeamDocumentPreviewUrlQuery,
  useTeamApproveDocumentMutation,
  useTeamApproveDocumentsMutation,
  useTeamRejectDocumentMutation,
} = documentQueueApi;
