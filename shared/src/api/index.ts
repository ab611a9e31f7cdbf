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
// Not here since 3.0.0 (issue 32): the activity history's endpoint (`@duly/shared/activity`),
// the documents' requests and decisions (`@duly/shared/documents`) and the imports' endpoints
// (the kit's ImportScreen, `@duly/shared/ui`): each is injected into the base API by the module
// of the screens that use it, so `/core`, which every screen loads, carries none of them.
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
