// The managers' approval queue of documents (issue 26); its count is in the team summary.
export { DocumentQueueScreen } from './DocumentQueueScreen';
export { useTeamPendingDocumentCountQuery } from './api';
