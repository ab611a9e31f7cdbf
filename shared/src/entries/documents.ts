// @duly/shared/documents (3.0.0, issue 32): documents on certificates (issue 26), the upload
// and a document's bytes, and the approval, rejection and deletion endpoints' builders, for the
// Certificates and Team remotes. Out of `/core`, so a route that shows no document (/tasks,
// /employees) does not download them.
export {
  DOCUMENT_ACCEPT,
  fetchDocumentContent,
  formatFileSize,
  uploadDocument,
  type CertificateDocument,
  type DocumentStatus,
  type DocumentUpload,
} from '../api/documents';
export {
  approveDocumentMutation,
  approveDocumentsMutation,
  deleteDocumentMutation,
  documentDecisionTags,
  rejectDocumentMutation,
  type DocumentRef,
} from '../api/documentEndpoints';
