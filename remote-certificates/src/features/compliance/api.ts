/**
 * GET /compliance (issue 28), injected into the app's one `baseApi`. The matrix is tagged with
 * the certificate list's tag, so adding or renewing a certificate anywhere (the prefilled form
 * a missing cell opens included) refetches it: the cell and the totals change without a
 * reload.
 */
import { baseApi, TOTAL_COUNT_HEADER, type ComplianceMatrix } from '@duly/shared/core';

// A type (not an interface): the export takes it as a plain record of query values.
export type ComplianceParams = {
  department?: string;
  team_of?: string;
  type_id?: string;
  gaps_only?: 'true';
  sort?: 'name' | '-name' | 'compliance' | '-compliance';
  limit: number;
  offset: number;
};

export interface CompliancePage {
  matrix: ComplianceMatrix;
  /** People matching (X-Total-Count). */
  total: number;
}

export const complianceApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    complianceMatrix: build.query<CompliancePage, ComplianceParams>({
      query: (params) => ({ url: '/compliance', params }),
      transformResponse: (matrix: ComplianceMatrix, meta) => ({
        matrix,
        total: Number(meta?.headers[TOTAL_COUNT_HEADER.toLowerCase()] ?? matrix.rows.length),
      }),
      providesTags: ['Compliance', { type: 'Certificate', id: 'LIST' }, 'CertificateType'],
    }),
  }),
});

export const { useComplianceMatrixQuery } = complianceApi;
