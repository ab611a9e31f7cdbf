export {
  baseApi,
  featureEndpoints,
  listTags,
  API_TAG_TYPES,
  type ApiEndpointBuilder,
  type ApiTagType,
} from './baseApi';
export { axiosBaseQuery, type ApiBaseQuery, type ApiMeta, type ApiRequest } from './axiosBaseQuery';
export { configureApi, resolveApiBaseUrl, apiConfig, type ApiConfig } from './config';
export { apiErrorMessage, isApiError, type ApiError } from './errors';
export { toPage } from './toPage';
export { listArgsOfUrl, seedPrefetched, seedPrefetchedList, type SeedableApi } from './prefetched';
export { isNotFound } from './isNotFound';
export {
  clearSessionEndedNotice,
  redirectToLogin,
  sessionEndedNotice,
  setUnauthorizedHandler,
  SESSION_ENDED_KEY,
  type UnauthorizedHandler,
} from './unauthorized';
export { sessionOf, type ApiSession, type ApiExtra, type SessionAction } from './session';
export { activityApi, useActivityListQuery, type ActivityListParams } from './activity';
export {
  IMPORT_FIELDS,
  importsApi,
  uploadImport,
  downloadImportErrors,
  useImportsGetQuery,
  useImportsRowsQuery,
  type ImportJob,
  type ImportKind,
  type ImportMode,
  type ImportOutcome,
  type ImportRowResult,
  type ImportRowsParams,
  type ImportUpload,
} from './imports';
export {
  DOCUMENT_ACCEPT,
  fetchDocumentContent,
  formatFileSize,
  uploadDocument,
  type CertificateDocument,
  type DocumentStatus,
  type DocumentUpload,
} from './documents';
export {
  allItemsQuery,
  complianceTotalsQuery,
  type ComplianceTotals,
  checkedUpdateMutation,
  countQuery,
  createMutation,
  deleteMutation,
  type ApiTag,
  itemQuery,
  itemUrl,
  itemWriteTags,
  pageQuery,
  updateMutation,
  withParams,
  type UpdateArgs,
} from './endpoints';
export { resourceEndpoints, type ResourceShapes } from './resource';
export {
  approveDocumentMutation,
  approveDocumentsMutation,
  deleteDocumentMutation,
  documentDecisionTags,
  rejectDocumentMutation,
  type DocumentRef,
} from './documentEndpoints';
