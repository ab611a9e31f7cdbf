import { baseApi, type EmailPreferences } from '@duly/shared/core';

/**
 * The signed-in person's email switches (the profile page), injected by the module that shows
 * them rather than with the bell's endpoints, which every signed-in page loads (issue 32). They
 * provide the `Notification` tag like the bell's notices.
 */
export const emailPreferencesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    notificationsEmailPreferences: build.query<EmailPreferences, void>({
      query: () => ({ url: '/profile/email-preferences' }),
      providesTags: [{ type: 'Notification', id: 'EMAIL_PREFERENCES' }],
    }),
    notificationsSetEmailPreferences: build.mutation<EmailPreferences, Partial<EmailPreferences>>({
      query: (changes) => ({ url: '/profile/email-preferences', method: 'PUT', data: changes }),
      // The answer is every switch after the change: it becomes the cached settings as is.
      async onQueryStarted(_changes, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            emailPreferencesApi.util.upsertQueryData(
              'notificationsEmailPreferences',
              undefined,
              data,
            ),
          );
        } catch {
          // The form reports the failure; the cached settings stay what the server has.
        }
      },
    }),
  }),
  overrideExisting: 'throw',
});

export const {
  useNotificationsEmailPreferencesQuery,
  useNotificationsSetEmailPreferencesMutation,
} = emailPreferencesApi;
