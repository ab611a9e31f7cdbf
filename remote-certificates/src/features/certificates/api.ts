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
  allItemsQuery,
  baseApi,
  createMutation,
  itemQuery,
  itemUrl,
  itemWriteTags,
  listTags,
  pageQuery,
  type ApiError,
  type Certificate,
  type CertificateDocument,
  type CertificateListParams,
  type CertificateType,
  type CertificateTypePayload,
  type LinkCertificatesResult,
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
const certificateUrl = (id: string) => itemUrl('/certificates/', id, '/');

const documentUrl = (id: string) => itemUrl('/documents/', id, '/');

/** A document's write: its lists, and its certificate (whose history records it). */
function documentWriteTags(document: CertificateDocument) {
  return [
    { type: 'Document' as const, id: document.id },
    { type: 'Document' as const, id: 'LIST' },
    { type: 'Certificate' as const, id: document.certificate_id },
  ];
}

/** Injects the certificate endpoints into `api`; throws when one of the names is already taken. */
export function injectCertificateEndpoints(api: typeof baseApi) {
  return api.injectEndpoints({
    overrideExisting: 'throw',
    endpoints: (build) => ({
      certificatesList: build.query<Page<Certificate>, CertificateListParams>(
        pageQuery('Certificate', '/certificates/'),
      ),
      certificatesGet: build.query<Certificate, string>(
        itemQuery('Certificate', '/certificates/', '/'),
      ),
      certificatesCreate: build.mutation<Certificate, CreateCertificatePayload>(
        createMutation('Certificate', '/certificates/'),
      ),

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
          error && !id.trim() ? [] : itemWriteTags('Certificate', id),
      }),

      /**
       * The organisation's people, for the incharge person field and to name the creator
       * (GET /employees/, one page of the largest size the API allows). Tagged like
       * remote-employees' lists, so a new user shows up here too.
       */
      certificatesPeople: build.query<Employee[], void>(allItemsQuery('Employee', '/employees/')),

      /** The organisation's certificate types (issue 28): the catalogue and the form's choices. */
      certificatesTypes: build.query<CertificateType[], void>(
        allItemsQuery('CertificateType', '/certificate-types/'),
      ),
      certificatesTypeCreate: build.mutation<CertificateType, CertificateTypePayload>({
        query: (data) => ({ url: '/certificate-types/', method: 'POST', data }),
        invalidatesTags: [{ type: 'CertificateType', id: 'LIST' }, 'Compliance'],
      }),
      certificatesTypeUpdate: build.mutation<
        CertificateType,
        { id: string; changes: CertificateTypePayload }
      >({
        query: ({ id, changes }) => ({
          url: itemUrl('/certificate-types/', id),
          method: 'PUT',
          data: changes,
        }),
        invalidatesTags: (_type, _error, { id }) => [
          { type: 'CertificateType', id },
          { type: 'CertificateType', id: 'LIST' },
          'Compliance',
        ],
      }),
      certificatesTypeDelete: build.mutation<null, string>({
        query: (id) => ({ url: itemUrl('/certificate-types/', id), method: 'DELETE' }),
        invalidatesTags: [{ type: 'CertificateType', id: 'LIST' }, 'Compliance'],
      }),
      certificatesTypeLink: build.mutation<LinkCertificatesResult, string>({
        query: (id) => ({
          url: `${itemUrl('/certificate-types/', id)}/link-certificates`,
          method: 'POST',
        }),
        invalidatesTags: [
          { type: 'CertificateType', id: 'LIST' },
          { type: 'Certificate', id: 'LIST' },
          'Compliance',
        ],
      }),

      /**
       * A certificate's documents (issue 26), the current validity first. Tagged `Document`,
       * so an upload, approval, rejection or deletion anywhere refreshes it.
       */
      certificatesDocuments: build.query<CertificateDocument[], string>({
        query: (id) => ({ url: `${certificateUrl(id)}documents/` }),
        providesTags: (documents) => listTags('Document', documents),
      }),
      certificatesDocumentApprove: build.mutation<CertificateDocument, CertificateDocument>({
        query: (document) => ({ url: `${documentUrl(document.id)}approve`, method: 'POST' }),
        // Approving a renewal changes the certificate's dates, status and history.
        invalidatesTags: (_saved, _error, document) => [
          ...documentWriteTags(document),
          { type: 'Certificate', id: 'LIST' },
          'Dashboard',
          'Compliance',
        ],
      }),
      certificatesDocumentReject: build.mutation<
        CertificateDocument,
        { document: CertificateDocument; reason: string }
      >({
        query: ({ document, reason }) => ({
          url: `${documentUrl(document.id)}reject`,
          method: 'POST',
          data: { reason },
        }),
        invalidatesTags: (_saved, _error, { document }) => documentWriteTags(document),
      }),
      certificatesDocumentDelete: build.mutation<null, CertificateDocument>({
        query: (document) => ({ url: itemUrl('/documents/', document.id, '/'), method: 'DELETE' }),
        invalidatesTags: (_saved, _error, document) => documentWriteTags(document),
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
  useCertificatesTypesQuery,
  useCertificatesTypeCreateMutation,
  useCertificatesTypeUpdateMutation,
  useCertificatesTypeDeleteMutation,
  useCertificatesTypeLinkMutation,
  useCertificatesDocumentsQuery,
  useCertificatesDocumentApproveMutation,
  useCertificatesDocumentRejectMutation,
  useCertificatesDocumentDeleteMutation,
} = certificatesApi;
