/**
 * The certificate endpoints, injected into the app's one `baseApi` (ARCHITECTURE 3).
 *
 * Names start with `certificates` so they cannot collide with another remote's endpoints;
 * `overrideExisting: 'throw'` turns any collision into an error at start-up. The people a
 * certificate can be put in charge of come from `certificatesPeople`, not `employees…`, which
 * remote-employees owns.
 *
 * Tags: one type per resource. Every list of certificates, whichever app shows it (this remote's,
 * a manager's team list, an employee's own), provides `Certificate` tags; so a save invalidates
 * the certificate, `{ Certificate, LIST }` and `Dashboard` (the expired count may change), and
 * every screen showing them refetches without this remote naming anything of theirs.
 */
import {
  baseApi,
  listTags,
  PAGE_SIZE_MAX,
  toPage,
  type ApiError,
  type Certificate,
  type CertificateListParams,
  type CreateCertificatePayload,
  type Employee,
  type Page,
  type UpdateCertificatePayload,
} from '@duly/shared';

export interface UpdateCertificateArgs {
  id: string;
  changes: UpdateCertificatePayload;
}

/** Spec 8: what an update without an id fails with. */
export const MISSING_ID_MESSAGE = 'Certificate ID is required';

/** Every list that shows certificates, whichever remote renders it. */
const CERTIFICATE_LISTS = [{ type: 'Certificate', id: 'LIST' }] as const;

const certificateUrl = (id: string) => `/certificates/${encodeURIComponent(id)}/`;

/** Injects the certificate endpoints into `api`; throws when one of the names is already taken. */
export function injectCertificateEndpoints(api: typeof baseApi) {
  return api.injectEndpoints({
    overrideExisting: 'throw',
    endpoints: (build) => ({
      certificatesList: build.query<Page<Certificate>, CertificateListParams>({
        query: (params) => ({ url: '/certificates/', params }),
        transformResponse: (items: Certificate[], meta) => toPage(items, meta),
        providesTags: (page) => listTags('Certificate', page?.items),
      }),

      certificatesGet: build.query<Certificate, string>({
        query: (id) => ({ url: certificateUrl(id) }),
        providesTags: (_certificate, _error, id) => [{ type: 'Certificate', id }],
      }),

      certificatesCreate: build.mutation<Certificate, CreateCertificatePayload>({
        query: (payload) => ({ url: '/certificates/', method: 'POST', data: payload }),
        invalidatesTags: [...CERTIFICATE_LISTS, 'Dashboard'],
      }),

      /** Edit and Renew: PUT with the fields that change (a renewal: the new dates). */
      certificatesUpdate: build.mutation<Certificate, UpdateCertificateArgs>({
        async queryFn({ id, changes }, _api, _extra, baseQuery) {
          if (!id.trim()) {
            const error: ApiError = { status: 400, message: MISSING_ID_MESSAGE };
            return { error };
          }
          const result = await baseQuery({ url: certificateUrl(id), method: 'PUT', data: changes });
          return result.error
            ? { error: result.error as ApiError }
            : { data: result.data as Certificate };
        },
        invalidatesTags: (_certificate, error, { id }) =>
          error && !id.trim()
            ? []
            : [{ type: 'Certificate', id }, ...CERTIFICATE_LISTS, 'Dashboard'],
      }),

      /**
       * The organisation's people, for the incharge person field and to name the creator
       * (GET /employees/, one page of the largest size the API allows). Tagged like
       * remote-employees' lists, so a new user shows up here too.
       */
      certificatesPeople: build.query<Employee[], void>({
        query: () => ({ url: '/employees/', params: { limit: PAGE_SIZE_MAX } }),
        providesTags: (employees) => listTags('Employee', employees),
      }),
    }),
  });
}

export const certificatesApi = injectCertificateEndpoints(baseApi);

export const {
  useCertificatesListQuery,
  useCertificatesGetQuery,
  useCertificatesCreateMutation,
  useCertificatesUpdateMutation,
  useCertificatesPeopleQuery,
} = certificatesApi;
