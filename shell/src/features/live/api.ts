import { baseApi } from '@duly/shared/core';

/** The one-use ticket that opens the live-updates stream (API: POST /events/ticket). */
export const liveApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    eventsTicket: build.mutation<{ ticket: string }, void>({
      query: () => ({ url: '/events/ticket', method: 'POST' }),
    }),
  }),
});
