// The managers' approval queue of documents (issue 26): its screen and the dashboard's count.
export { DocumentQueueScreen } from './DocumentQueueScreen';
export { PendingDocumentsLink } from './PendingDocumentsLink';
