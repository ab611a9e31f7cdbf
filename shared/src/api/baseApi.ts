/**
 * The one RTK Query api of the whole app (ARCHITECTURE 3). It declares no
 * endpoint: each remote injects its own with
 * `baseApi.injectEndpoints({ endpoints, overrideExisting: 'throw' })`, names
 * prefixed by domain (`tasksList`, `certificatesGet`, …). Because every remote
 * shares this instance, a mutation in one remote refreshes another's data
 * through the tags below.
 */
import { createApi, retry } from '@reduxjs/toolkit/query/react';
import type { EndpointBuilder, EndpointDefinitions } from '@reduxjs/toolkit/query';
import { QUERY_RETRIES } from '../contract/constants';
import { axiosBaseQuery } from './axiosBaseQuery';
import { apiConfig } from './config';
import { isApiError } from './errors';

/**
 * One tag type per resource (docs/shared-library.md). Every list of a resource, whichever app
 * shows it (the organisation's, a manager's team list, an employee's own), provides that
 * resource's tags, so a write in one remote refreshes every list of it without naming another
 * remote's tags.
 */
export const API_TAG_TYPES = [
  'Task',
  'CertificateType',
  'Compliance',
  'Certificate',
  // A certificate's documents (issue 26): its list and the approval queue.
  'Document',
  'Employee',
  'Dashboard',
  'Organization',
  // The signed-in person's notices and unread count (the shell's bell).
  'Notification',
  // Documents on certificates (issue 26): the approval queue and its count.
  'Document',
] as const;
export type ApiTagType = (typeof API_TAG_TYPES)[number];

function isClientError(error: unknown): boolean {
  return isApiError(error) && typeof error.status === 'number' && error.status < 500;
}

/**
 * Spec 9: one retry of a failed query. Mutations are never repeated (a create
 * must not run twice) and neither is a 4xx: the same request would get the
 * same answer.
 */
const baseQueryWithRetry = retry(axiosBaseQuery(), {
  retryCondition: (error, _args, { attempt, baseQueryApi }) =>
    baseQueryApi.type === 'query' && attempt <= QUERY_RETRIES && !isClientError(error),
  backoff: (_attempt, _maxRetries, signal) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, apiConfig().retryDelayMs);
      signal?.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          reject(new Error('Aborted'));
        },
        { once: true },
      );
    }),
});

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithRetry,
  tagTypes: API_TAG_TYPES,
  endpoints: () => ({}),
  refetchOnFocus: false,
});

/** The `build` that `injectEndpoints` hands a feature's endpoints (`resourceEndpoints` takes it). */
export type ApiEndpointBuilder = EndpointBuilder<typeof baseQueryWithRetry, ApiTagType, 'api'>;

/**
 * A feature's endpoints as the function that injects them into an api (the one `baseApi`;
 * a test passes it again to see a name clash), with `overrideExisting: 'throw'`: two remotes
 * naming an endpoint alike fail at start-up instead of one silently replacing the other.
 *
 *     export const injectTaskEndpoints = featureEndpoints((build) => ({ ... }));
 *     export const tasksApi = injectTaskEndpoints(baseApi);
 */
export function featureEndpoints<D extends EndpointDefinitions>(
  endpoints: (build: ApiEndpointBuilder) => D,
) {
  return (api: typeof baseApi) => api.injectEndpoints({ overrideExisting: 'throw', endpoints });
}

/**
 * Tags of a list answer (the tag convention): `{ type, id: 'LIST' }` plus one
 * tag per item, so a create invalidates the list and an update the item.
 */
export function listTags<T extends ApiTagType>(
  type: T,
  items: readonly { id: string }[] | undefined,
): ({ type: T; id: string } | { type: T; id: 'LIST' })[] {
  return [{ type, id: 'LIST' as const }, ...(items ?? []).map(({ id }) => ({ type, id }))];
}
