/**
 * The shapes every feature's endpoints repeat, as definitions to hand to RTK Query's `build`
 * inside the feature's own `injectEndpoints` (docs/shared-library.md, "Endpoints"):
 *
 *   tasksList: build.query<Page<Task>, TaskListParams>(pageQuery('Task', '/tasks/')),
 *   tasksGet: build.query<Task, string>(itemQuery('Task', '/tasks/')),
 *   tasksCreate: build.mutation<Task, CreateTaskPayload>(createMutation('Task', '/tasks/')),
 *   tasksUpdate: build.mutation<Task, UpdateArgs<UpdateTaskPayload>>(updateMutation('Task', '/tasks/')),
 *
 * Tags follow the convention of `listTags`: a list provides `{ type, id: 'LIST' }` and one tag
 * per item; a create invalidates the lists and `Dashboard`, a write to one item that item too.
 * `resourceEndpoints` (resource.ts) declares a resource's four at once.
 */
import type { QueryReturnValue } from '@reduxjs/toolkit/query';
import { PAGE_SIZE_MAX } from '../contract/constants';
import type { ComplianceMatrix, Page } from '../contract/types';
import type { ApiBaseQuery, ApiMeta, ApiRequest } from './axiosBaseQuery';
import type { ApiError } from './errors';
import { listTags, type ApiTagType } from './baseApi';
import { toPage } from './toPage';

/** `PUT`/`PATCH` arguments: the item's id and the fields sent. */
export interface UpdateArgs<C> {
  id: string;
  changes: C;
}

/** `base` + the encoded id (+ `suffix`): `/tasks/` + `a b` → `/tasks/a%20b`. */
export function itemUrl(base: string, id: string, suffix = ''): string {
  return `${base}${encodeURIComponent(id)}${suffix}`;
}

/** What a write to one item invalidates: the item, every list of its kind and the dashboard. */
export function itemWriteTags<T extends ApiTagType>(type: T, id: string) {
  return [{ type, id }, { type, id: 'LIST' as const }, 'Dashboard' as const];
}

/**
 * A list endpoint: GET `url` with the arguments as query (or the request `toRequest` makes),
 * the body as `Page<T>` with the total of `X-Total-Count`, tagged `type`.
 */
export function pageQuery<T extends { id: string }, A = void>(
  type: ApiTagType,
  url: string,
  toParams: (arg: A) => ApiRequest['params'] = (arg) => arg as ApiRequest['params'],
) {
  return {
    query: (arg: A): ApiRequest => ({ url, params: toParams(arg) }),
    transformResponse: (items: T[], meta: ApiMeta | undefined): Page<T> => toPage(items, meta),
    providesTags: (page: Page<T> | undefined) => listTags(type, page?.items),
  };
}

/**
 * A list's arguments plus fixed query parameters, for `pageQuery`'s `toParams`: the order a
 * dashboard keeps (`withParams({ sort: 'urgency' })`) or a fixed filter.
 */
export function withParams(fixed: Record<string, string>) {
  return <A extends object>(arg: A): ApiRequest['params'] => ({ ...arg, ...fixed });
}

/** One item: GET `base` + its id (+ `suffix`), tagged `{ type, id }`. */
export function itemQuery(type: ApiTagType, base: string, suffix = '') {
  return {
    query: (id: string): ApiRequest => ({ url: itemUrl(base, id, suffix) }),
    providesTags: (_item: unknown, _error: unknown, id: string) => [{ type, id }],
  };
}

/**
 * Every item of a short list (the people to assign, the certificate types) for a form's
 * choices: GET `url` with the largest page the API allows, the body as it comes, tagged like
 * `type`'s lists so a new item shows up here too.
 */
export function allItemsQuery(type: ApiTagType, url: string) {
  return {
    query: (): ApiRequest => ({ url, params: { limit: PAGE_SIZE_MAX } }),
    providesTags: (items: readonly { id: string }[] | undefined) => listTags(type, items),
  };
}

/** The compliance matrix's totals: percent compliant and how many gaps (issue 28). */
export interface ComplianceTotals {
  percent: number;
  gaps: number;
}

/**
 * The compliance totals of a dashboard: GET /compliance asking for one person (only the totals
 * are read), with the query `toParams` makes (`{ team_of }` for a manager's team); refetched
 * when a certificate or a type changes.
 */
export function complianceTotalsQuery<A = void>(
  toParams: (arg: A) => ApiRequest['params'] = () => ({}),
) {
  return {
    query: (arg: A): ApiRequest => ({ url: '/compliance', params: { ...toParams(arg), limit: 1 } }),
    transformResponse: (matrix: ComplianceMatrix): ComplianceTotals => ({
      percent: matrix.totals.organization_percent,
      gaps: matrix.totals.gaps,
    }),
    providesTags: [
      'Dashboard' as const,
      'Compliance' as const,
      'CertificateType' as const,
      { type: 'Certificate' as const, id: 'LIST' },
    ],
  };
}

/** Tags an endpoint provides or invalidates. */
export type ApiTag = ApiTagType | { type: ApiTagType; id: string };

/**
 * A write's tags beyond its resource's: by default `Dashboard` (the counts may change); a
 * resource that no dashboard counts names its own (`['Compliance']` for certificate types).
 */
interface AlsoInvalidates {
  also?: readonly ApiTagType[];
}

/** A create: POST the payload to `url`; invalidates the lists of `type` and `also`. */
export function createMutation<P>(
  type: ApiTagType,
  url: string,
  { also = ['Dashboard'] }: AlsoInvalidates = {},
) {
  return {
    query: (data: P): ApiRequest => ({ url, method: 'POST', data }),
    invalidatesTags: [{ type, id: 'LIST' as const }, ...also],
  };
}

/** A write to one item invalidates it, every list of its kind and `also`. */
const itemTags = (type: ApiTagType, id: string, also: readonly ApiTagType[]): ApiTag[] => [
  { type, id },
  { type, id: 'LIST' },
  ...also,
];

interface UpdateOptions extends AlsoInvalidates {
  method?: 'PUT' | 'PATCH';
  suffix?: string;
}

/**
 * An update: `method` (PUT) the changes to `base` + id (+ `suffix`); invalidates the item, its
 * lists and `also`.
 */
export function updateMutation<C>(
  type: ApiTagType,
  base: string,
  { method = 'PUT', suffix = '', also = ['Dashboard'] }: UpdateOptions = {},
) {
  return {
    query: ({ id, changes }: UpdateArgs<C>): ApiRequest => ({
      url: itemUrl(base, id, suffix),
      method,
      data: changes,
    }),
    invalidatesTags: (_item: unknown, _error: unknown, { id }: UpdateArgs<C>) =>
      itemTags(type, id, also),
  };
}

/**
 * `updateMutation` that refuses an empty id: it fails at once with 400 and `missingId` (spec
 * 8's "Certificate ID is required"), sending and refetching nothing. `R` is the answer's type.
 */
export function checkedUpdateMutation<C, R>(
  type: ApiTagType,
  base: string,
  missingId: string,
  options: UpdateOptions = {},
) {
  const { query, invalidatesTags } = updateMutation<C>(type, base, options);
  return {
    async queryFn(
      args: UpdateArgs<C>,
      _api: unknown,
      _extra: unknown,
      baseQuery: (request: ApiRequest) => ReturnType<ApiBaseQuery>,
    ): Promise<QueryReturnValue<R, ApiError, undefined>> {
      if (!args.id.trim()) return { error: { status: 400, message: missingId } };
      const result = await baseQuery(query(args));
      return result.error ? { error: result.error } : { data: result.data as R };
    },
    invalidatesTags: (item: unknown, error: unknown, args: UpdateArgs<C>) =>
      args.id.trim() ? invalidatesTags(item, error, args) : [],
  };
}

/** A delete: DELETE `base` + id (+ `suffix`); invalidates the item, its lists and `also`. */
export function deleteMutation(
  type: ApiTagType,
  base: string,
  { suffix = '', also = ['Dashboard'] }: AlsoInvalidates & { suffix?: string } = {},
) {
  return {
    query: (id: string): ApiRequest => ({ url: itemUrl(base, id, suffix), method: 'DELETE' }),
    invalidatesTags: (_result: unknown, _error: unknown, id: string) => itemTags(type, id, also),
  };
}

/**
 * How many items a list holds (a dashboard's count): GET `url` with `params` asking for one
 * row, the answer's total (`X-Total-Count`), tagged `providesTags`.
 */
export function countQuery(
  url: string,
  params: Record<string, string>,
  providesTags: readonly ApiTag[],
) {
  return {
    query: (): ApiRequest => ({ url, params: { ...params, limit: 1 } }),
    transformResponse: (items: unknown[], meta: ApiMeta | undefined): number =>
      toPage(items, meta).total,
    providesTags: [...providesTags],
  };
}
