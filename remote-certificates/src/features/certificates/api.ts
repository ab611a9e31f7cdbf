/**
 * The certificate endpoints, injected into the app's one `baseApi` (ARCHITECTURE 3; the tag rules
 * are docs/shared-library.md's). Names start with `certificates`; the people a certificate can
 * be put in charge of are `certificatesPeople`, not `employees…`, which remote-employees owns.
 * Certificate types are counted by no dashboard but by compliance: their writes invalidate it.
 */
import {
  allItemsQuery,
  baseApi,
  createMutation,
  deleteMutation,
  featureEndpoints,
  itemUrl,
  listTags,
  resourceEndpoints,
  updateMutation,
  type CertificateType,
  type CertificateTypePayload,
  type Employee,
  type LinkCertificatesResult,
  type UpdateArgs,
} from '@duly/shared/core';
import {
  approveDocumentMutation,
  deleteDocumentMutation,
  rejectDocumentMutation,
  type CertificateDocument,
} from '@duly/shared/documents';

const TYPES = '/certificate-types/';
const also = ['Compliance'] as const;

export const injectCertificateEndpoints = featureEndpoints((build) => ({
  ...resourceEndpoints(build, 'certificates', 'Certificate', '/certificates/', {
    suffix: '/',
    missingId: 'Certificate ID is required', // spec 8
  }),
  /** The organisation's people, for the incharge person field and to name the creator. */
  certificatesPeople: build.query<Employee[], void>(allItemsQuery('Employee', '/employees/')),

  /** The organisation's certificate types (issue 28): the catalogue and the form's choices. */
  certificatesTypes: build.query<CertificateType[], void>(allItemsQuery('CertificateType', TYPES)),
  certificatesTypeCreate: build.mutation<CertificateType, CertificateTypePayload>(
    createMutation('CertificateType', TYPES, { also }),
  ),
  certificatesTypeUpdate: build.mutation<CertificateType, UpdateArgs<CertificateTypePayload>>(
    updateMutation('CertificateType', TYPES, { also }),
  ),
  certificatesTypeDelete: build.mutation<null, string>(
    deleteMutation('CertificateType', TYPES, { also }),
  ),
  certificatesTypeLink: build.mutation<LinkCertificatesResult, string>({
    query: (id) => ({ url: itemUrl(TYPES, id, '/link-certificates'), method: 'POST' }),
    invalidatesTags: [
      { type: 'CertificateType', id: 'LIST' },
      { type: 'Certificate', id: 'LIST' },
      'Compliance',
    ],
  }),

  /** A certificate's documents (issue 26), the current validity first. */
  certificatesDocuments: build.query<CertificateDocument[], string>({
    query: (id) => ({ url: itemUrl('/certificates/', id, '/documents/') }),
    providesTags: (documents) => listTags('Document', documents),
  }),
  certificatesDocumentApprove: build.mutation<CertificateDocument, CertificateDocument>(
    approveDocumentMutation(),
  ),
  certificatesDocumentReject: build.mutation<
    CertificateDocument,
    { document: CertificateDocument; reason: string }
  >(rejectDocumentMutation()),
  certificatesDocumentDelete: build.mutation<null, CertificateDocument>(deleteDocumentMutation()),
}));

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
