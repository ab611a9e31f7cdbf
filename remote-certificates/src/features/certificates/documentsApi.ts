/**
 * A certificate's documents (issue 26): its list, approval, rejection and deletion, injected
 * into the one `baseApi` by the detail screen's documents section, which loads with the detail
 * screen: the list route downloads neither these endpoints nor `@duly/shared/documents`
 * (issue 32). Names start with `certificates`, like api.ts'.
 */
import { baseApi, featureEndpoints, itemUrl, listTags } from '@duly/shared/core';
import {
  approveDocumentMutation,
  deleteDocumentMutation,
  rejectDocumentMutation,
  type CertificateDocument,
} from '@duly/shared/documents';

export const injectCertificateDocumentEndpoints = featureEndpoints((build) => ({
  /** A certificate's documents, the current validity first. */
  certificatesDocuments: build.query<CertificateDocument[], string>({
    query: (id) => ({ url: itemUrl('/certificates/', id, '/documents/') }),
    providesTags: (documents) => listTags('Document', documents),
  }),
  certificatesDocumentApprove: build.mutation<CertificateDocument, CertificateDocument>(
    approveDocumentMutation(),
  ),
  certificatesDocumentReject: build.mutation<
    CertificateDocument,
    { document: CertificateDocument; reason: string }
  >(rejectDocumentMutation()),
  certificatesDocumentDelete: build.mutation<null, CertificateDocument>(deleteDocumentMutation()),
}));

export const certificateDocumentsApi = injectCertificateDocumentEndpoints(baseApi);

export const {
  useCertificatesDocumentsQuery,
  useCertificatesDocumentApproveMutation,
  useCertificatesDocumentRejectMutation,
  useCertificatesDocumentDeleteMutation,
} = certificateDocumentsApi;
