import { baseApi } from '@duly/shared/core';

/** The organisation's settings (issue 26): what an admin switches on or off. */
export interface OrganizationSettings {
  /** Documents from employees need approval (default on). */
  documents_need_approval: boolean;
}

export const organizationSettingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    organizationSettingsGet: build.query<OrganizationSettings, string>({
      query: (organizationId) => ({
        url: `/organizations/${encodeURIComponent(organizationId)}/settings`,
      }),
      providesTags: (_result, _error, organizationId) => [
        { type: 'Organization', id: `${organizationId}/settings` },
      ],
    }),
    organizationSettingsUpdate: build.mutation<
      OrganizationSettings,
      { organizationId: string; changes: Partial<OrganizationSettings> }
    >({
      query: ({ organizationId, changes }) => ({
        url: `/organizations/${encodeURIComponent(organizationId)}/settings`,
        method: 'PATCH',
        data: changes,
      }),
      // The answer is the settings as saved: the screen shows them without asking again.
      async onQueryStarted({ organizationId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            organizationSettingsApi.util.upsertQueryData(
              'organizationSettingsGet',
              organizationId,
              data,
            ),
          );
        } catch {
          // The screen reports the failure.
        }
      },
    }),
  }),
  overrideExisting: 'throw',
});

export const { useOrganizationSettingsGetQuery, useOrganizationSettingsUpdateMutation } =
  organizationSettingsApi;
