// The managers' approval queue of documents (issue 26); its count is in the team summary
// (GET /manager/summary, team-dashboard/api.ts).
export { DocumentQueueScreen } from './DocumentQueueScreen';
