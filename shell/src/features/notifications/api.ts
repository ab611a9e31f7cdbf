import {
  baseApi,
  listTags,
  toPage,
  type AppNotification,
  type EmailPreferences,
  type Page,
  type UnreadCount,
} from '@duly/shared/core';

/**
 * The signed-in person's notices (the bell) and their email switches. Everything provides
 * the `Notification` tag, so marking a notice read refreshes the list and the count, and a
 * window regaining focus refreshes both at once (useRefreshOnFocus).
 */
export const notificationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    notificationsList: build.query<Page<AppNotification>, { limit: number }>({
      query: ({ limit }) => ({ url: '/notifications/', params: { limit } }),
      transformResponse: (items: AppNotification[], meta) => toPage(items, meta),
      providesTags: (result) => listTags('Notification', result?.items),
    }),
    notificationsUnreadCount: build.query<number, void>({
      query: () => ({ url: '/notifications/unread-count' }),
      transformResponse: (answer: UnreadCount) => answer.count,
      providesTags: [{ type: 'Notification', id: 'UNREAD' }],
    }),
    notificationsMark: build.mutation<AppNotification, { id: string; read: boolean }>({
      query: ({ id, read }) => ({
        url: `/notifications/${encodeURIComponent(id)}`,
        method: 'PATCH',
        data: { read },
      }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Notification', id },
        { type: 'Notification', id: 'UNREAD' },
      ],
    }),
    notificationsMarkAllRead: build.mutation<{ updated: number }, void>({
      query: () => ({ url: '/notifications/read-all', method: 'POST' }),
      invalidatesTags: [
        { type: 'Notification', id: 'LIST' },
        { type: 'Notification', id: 'UNREAD' },
      ],
    }),
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
            notificationsApi.util.upsertQueryData('notificationsEmailPreferences', undefined, data),
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
  useNotificationsListQuery,
  useNotificationsUnreadCountQuery,
  useNotificationsMarkMutation,
  useNotificationsMarkAllReadMutation,
  useNotificationsEmailPreferencesQuery,
  useNotificationsSetEmailPreferencesMutation,
} = notificationsApi;
