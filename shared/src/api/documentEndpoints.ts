/**
 * The decisions on documents (issue 26) that both the certificate page (remote-certificates)
 * and the managers' queue (remote-team) send, as endpoint definitions for their own
 * `injectEndpoints`. A decision that failed changed nothing and refetches nothing.
 */
import type { CertificateDocument } from './documents';
import type { ApiRequest } from './axiosBaseQuery';
import type { ApiTag } from './endpoints';
import { itemUrl } from './endpoints';

/** What these endpoints read of a document (the queue's items lack the checksum). */
export type DocumentRef = Pick<CertificateDocument, 'id' | 'certificate_id'>;

/**
 * What a decision on `documents` invalidates: them, every list of documents and their
 * certificates (whose history records it); with `approved` also every certificate list, the
 * dashboards and compliance, since an approved renewal changes a certificate's dates and status.
 */
export function documentDecisionTags(
  documents: readonly DocumentRef[],
  approved: boolean,
): ApiTag[] {
  return [
    ...documents.map(({ id }) => ({ type: 'Document' as const, id })),
    { type: 'Document', id: 'LIST' },
    ...documents.map(({ certificate_id }) => ({
      type: 'Certificate' as const,
      id: certificate_id,
    })),
    ...(approved
      ? ([{ type: 'Certificate', id: 'LIST' }, 'Dashboard', 'Compliance'] as const)
      : []),
  ];
}

const decided =
  <A>(documentsOf: (arg: A) => readonly DocumentRef[], approved: boolean) =>
  (_result: unknown, error: unknown, arg: A) =>
    error ? [] : documentDecisionTags(documentsOf(arg), approved);

const documentUrl = (document: DocumentRef, action = '') =>
  itemUrl('/documents/', document.id, `/${action}`);

/** POST /documents/{id}/approve. */
export function approveDocumentMutation() {
  return {
    query: (document: DocumentRef): ApiRequest => ({
      url: documentUrl(document, 'approve'),
      method: 'POST',
    }),
    invalidatesTags: decided((document: DocumentRef) => [document], true),
  };
}

/** POST /documents/approve with their ids: all of them, or none when one cannot be. */
export function approveDocumentsMutation() {
  return {
    query: (documents: readonly DocumentRef[]): ApiRequest => ({
      url: '/documents/approve',
      method: 'POST',
      data: { ids: documents.map(({ id }) => id) },
    }),
    invalidatesTags: decided((documents: readonly DocumentRef[]) => documents, true),
  };
}

/** POST /documents/{id}/reject with the reason the uploader reads. */
export function rejectDocumentMutation() {
  return {
    query: ({ document, reason }: { document: DocumentRef; reason: string }): ApiRequest => ({
      url: documentUrl(document, 'reject'),
      method: 'POST',
      data: { reason },
    }),
    invalidatesTags: decided(
      ({ document }: { document: DocumentRef; reason: string }) => [document],
      false,
    ),
  };
}

/** DELETE /documents/{id}/. */
export function deleteDocumentMutation() {
  return {
    query: (document: DocumentRef): ApiRequest => ({
      url: documentUrl(document),
      method: 'DELETE',
    }),
    invalidatesTags: decided((document: DocumentRef) => [document], false),
  };
}
