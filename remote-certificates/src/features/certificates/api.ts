/**
 * The certificate endpoints, injected into the app's one `baseApi` (ARCHITECTURE 3; the tag rules
 * are docs/shared-library.md's). Names start with `certificates`; the people a certificate can
 * be put in charge of are `certificatesPeople`, not `employees…`, which remote-employees owns.
 * Certificate types are counted by no dashboard but by compliance: their writes invalidate it.
 * A certificate's documents are documentsApi.ts' (injected by the detail screen, issue 32).
 */
import {
  allItemsQuery,
  baseApi,
  createMutation,
  deleteMutation,
  featureEndpoints,
  itemUrl,
  resourceEndpoints,
  updateMutation,
  type CertificateType,
  type CertificateTypePayload,
  type Employee,
  type LinkCertificatesResult,
  type UpdateArgs,
} from '@duly/shared/core';

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
} = certificatesApi;
