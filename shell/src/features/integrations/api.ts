import { baseApi } from '@duly/shared/core';

/** Issue 30 (docs/integrations.md): one's API tokens and calendar subscription. */
export type ApiTokenScope = 'read' | 'read-write';
export type CalendarScope = 'mine' | 'organization';

export interface ApiToken {
  id: string;
  name: string;
  scope: ApiTokenScope;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
}

export interface NewApiToken {
  name: string;
  scope: ApiTokenScope;
  expires_at?: string | null;
}

export interface CreatedApiToken extends Omit<ApiToken, 'last_used_at'> {
  /** Shown this once. */
  token: string;
}

export const integrationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    apiTokensList: build.query<ApiToken[], void>({
      query: () => ({ url: '/profile/api-tokens', method: 'GET' }),
    }),
    apiTokenCreate: build.mutation<CreatedApiToken, NewApiToken>({
      query: (payload) => ({ url: '/profile/api-tokens', method: 'POST', data: payload }),
    }),
    apiTokenRevoke: build.mutation<void, string>({
      query: (id) => ({ url: `/profile/api-tokens/${encodeURIComponent(id)}`, method: 'DELETE' }),
    }),
    calendarUrlGet: build.query<{ url: string | null; scope: CalendarScope | null }, void>({
      query: () => ({ url: '/profile/calendar-url', method: 'GET' }),
    }),
    calendarUrlCreate: build.mutation<{ url: string; scope: CalendarScope }, CalendarScope>({
      query: (scope) => ({ url: '/profile/calendar-url', method: 'POST', data: { scope } }),
    }),
  }),
  overrideExisting: 'throw',
});

export const {
  useApiTokensListQuery,
  useApiTokenCreateMutation,
  useApiTokenRevokeMutation,
  useCalendarUrlGetQuery,
  useCalendarUrlCreateMutation,
} = integrationsApi;
