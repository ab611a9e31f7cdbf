import { baseApi, type Organization } from '@duly/shared/core';

/** The signed-in user's organisation: its name heads the chrome (spec 2). */
export const organizationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    organizationsGet: build.query<Organization, string>({
      query: (organizationId) => ({ url: `/organizations/${encodeURIComponent(organizationId)}` }),
      providesTags: (_result, _error, organizationId) => [
        { type: 'Organization', id: organizationId },
      ],
    }),
  }),
  overrideExisting: 'throw',
});

export const { useOrganizationsGetQuery } = organizationApi;
