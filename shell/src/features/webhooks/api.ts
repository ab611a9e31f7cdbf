import { baseApi, WEBHOOK_EVENTS, type WebhookEvent } from '@duly/shared/core';

export { WEBHOOK_EVENTS, type WebhookEvent };

/** What the endpoint is sent: the signed JSON, or a summary for Slack or Microsoft Teams. */
export type WebhookFormat = 'standard' | 'slack' | 'teams';

export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string | null;
  events: WebhookEvent[];
  format: WebhookFormat;
  enabled: boolean;
  disabled_reason: string | null;
  failing_since: string | null;
  created_at: string;
  updated_at: string;
}

export interface NewWebhookEndpoint extends WebhookEndpoint {
  /** Shown once, in the answer of the create. */
  secret: string;
}

export interface WebhookDelivery {
  id: string;
  event: string;
  status: 'pending' | 'sending' | 'delivered' | 'failed';
  attempts: number;
  response_status: number | null;
  response_body: string | null;
  duration_ms: number | null;
  last_error: string | null;
  last_attempt_at: string | null;
  next_attempt_at: string | null;
  delivered_at: string | null;
  created_at: string;
  payload: string;
}

export interface WebhookPayload {
  url: string;
  events: WebhookEvent[];
  description?: string | null;
  format?: WebhookFormat;
}

/** The organisation's webhooks (admins): endpoints, their log, a test and a redelivery. */
export const webhooksApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    webhooksList: build.query<WebhookEndpoint[], void>({
      query: () => ({ url: '/webhooks/', method: 'GET' }),
    }),
    webhooksGet: build.query<WebhookEndpoint, string>({
      query: (id) => ({ url: `/webhooks/${id}`, method: 'GET' }),
    }),
    webhooksCreate: build.mutation<NewWebhookEndpoint, WebhookPayload>({
      query: (payload) => ({ url: '/webhooks/', method: 'POST', data: payload }),
    }),
    webhooksUpdate: build.mutation<
      WebhookEndpoint,
      { id: string } & Partial<WebhookPayload> & { enabled?: boolean }
    >({
      query: ({ id, ...changes }) => ({ url: `/webhooks/${id}`, method: 'PUT', data: changes }),
    }),
    webhooksDelete: build.mutation<void, string>({
      query: (id) => ({ url: `/webhooks/${id}`, method: 'DELETE' }),
    }),
    webhookDeliveries: build.query<WebhookDelivery[], string>({
      query: (id) => ({ url: `/webhooks/${id}/deliveries`, method: 'GET' }),
    }),
    webhookTest: build.mutation<WebhookDelivery, string>({
      query: (id) => ({ url: `/webhooks/${id}/test`, method: 'POST' }),
    }),
    webhookRedeliver: build.mutation<WebhookDelivery, { id: string; deliveryId: string }>({
      query: ({ id, deliveryId }) => ({
        url: `/webhooks/${id}/deliveries/${deliveryId}/redeliver`,
        method: 'POST',
      }),
    }),
  }),
  overrideExisting: 'throw',
});

export const {
  useWebhooksListQuery,
  useWebhooksGetQuery,
  useWebhooksCreateMutation,
  useWebhooksUpdateMutation,
  useWebhooksDeleteMutation,
  useWebhookDeliveriesQuery,
  useWebhookTestMutation,
  useWebhookRedeliverMutation,
} = webhooksApi;
