import {
  baseApi,
  listTags,
  toPage,
  type AppNotification,
  type Page,
  type UnreadCount,
} from '@duly/shared/core';

/**
 * The signed-in person's notices (the bell; the email switches are
 * features/profile/emailPreferencesApi.ts'). Everything provides
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
  }),
  overrideExisting: 'throw',
});

export const {
  useNotificationsListQuery,
  useNotificationsUnreadCountQuery,
  useNotificationsMarkMutation,
  useNotificationsMarkAllReadMutation,
} = notificationsApi;
