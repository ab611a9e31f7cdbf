import { Type } from 'typebox';
import { Description, Enum, Id, Nullable, PageQuery, errorResponses } from '../../lib/schema';
import { WEBHOOK_EVENTS } from '../../webhooks/events';
import { WEBHOOK_FORMATS } from '../../webhooks/formats';

const Events = Type.Array(Enum(WEBHOOK_EVENTS), { minItems: 1, maxItems: WEBHOOK_EVENTS.length });
const Url = Type.String({
  minLength: 1,
  maxLength: 2000,
  examples: ['https://hooks.example.com/duly'],
});

export const WebhookEndpoint = Type.Object({
  id: Type.String(),
  url: Type.String(),
  description: Nullable(Type.String()),
  events: Type.Array(Type.String()),
  format: Enum(WEBHOOK_FORMATS),
  enabled: Type.Boolean(),
  /** Why it was disabled (24 h of failures); null while enabled. */
  disabled_reason: Nullable(Type.String()),
  /** Since when every delivery fails; null when the last one succeeded. */
  failing_since: Nullable(Type.String()),
  created_at: Type.String(),
  updated_at: Type.String(),
});

export const NewWebhookEndpoint = Type.Object({
  ...WebhookEndpoint.properties,
  secret: Type.String({
    description: '`whsec_` + base64: the signing key, shown only in this answer',
  }),
});

export const WebhookDelivery = Type.Object({
  id: Type.String({ description: 'The `webhook-id` the receiver de-duplicates on' }),
  event: Type.String(),
  status: Enum(['pending', 'sending', 'delivered', 'failed'] as const),
  attempts: Type.Integer(),
  response_status: Nullable(Type.Integer()),
  /** The first 1 KB of the last answer. */
  response_body: Nullable(Type.String()),
  duration_ms: Nullable(Type.Integer()),
  last_error: Nullable(Type.String()),
  last_attempt_at: Nullable(Type.String()),
  next_attempt_at: Nullable(Type.String()),
  delivered_at: Nullable(Type.String()),
  created_at: Type.String(),
  payload: Type.String({ description: 'The JSON body as sent' }),
});

const Format = Enum(WEBHOOK_FORMATS, {
  description:
    '`standard` (default): the signed JSON; `slack`: a Slack incoming webhook; `teams`: a Microsoft Teams Workflows webhook (an Adaptive Card)',
});
const CreateBody = Type.Object(
  {
    url: Url,
    events: Events,
    description: Type.Optional(Description),
    format: Type.Optional(Format),
  },
  { additionalProperties: false },
);
const UpdateBody = Type.Object(
  {
    url: Type.Optional(Url),
    events: Type.Optional(Events),
    description: Type.Optional(Description),
    format: Type.Optional(Format),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
const IdParams = Type.Object({ id: Id });
const DeliveryParams = Type.Object({ id: Id, delivery_id: Id });

const tags = ['webhooks'];

export const listWebhooksSchema = {
  operationId: 'listWebhooks',
  summary: "The organisation's webhook endpoints (admins)",
  tags,
  response: { 200: Type.Array(WebhookEndpoint), ...errorResponses(401, 403) },
};

export const createWebhookSchema = {
  operationId: 'createWebhook',
  summary: 'Register an endpoint; the answer holds its signing secret, shown only once (admins)',
  description:
    'The URL must be https in production and must not point to a private, loopback or link-local address (unless WEBHOOKS_ALLOW_PRIVATE=1); the address is checked again at every delivery.',
  tags,
  body: CreateBody,
  response: { 201: NewWebhookEndpoint, ...errorResponses(400, 401, 403) },
};

export const getWebhookSchema = {
  operationId: 'getWebhook',
  summary: 'One endpoint (admins)',
  tags,
  params: IdParams,
  response: { 200: WebhookEndpoint, ...errorResponses(401, 403, 404) },
};

export const updateWebhookSchema = {
  operationId: 'updateWebhook',
  summary: 'Change an endpoint; `enabled: true` turns a disabled one back on (admins)',
  tags,
  params: IdParams,
  body: UpdateBody,
  response: { 200: WebhookEndpoint, ...errorResponses(400, 401, 403, 404) },
};

export const deleteWebhookSchema = {
  operationId: 'deleteWebhook',
  summary: 'Remove an endpoint and its delivery log (admins)',
  tags,
  params: IdParams,
  response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
};

export const listWebhookDeliveriesSchema = {
  operationId: 'listWebhookDeliveries',
  summary: "An endpoint's delivery log, newest first (admins)",
  tags,
  params: IdParams,
  querystring: PageQuery,
  response: { 200: Type.Array(WebhookDelivery), ...errorResponses(400, 401, 403, 404) },
};

export const redeliverWebhookSchema = {
  operationId: 'redeliverWebhook',
  summary: 'Send a delivery again now, with the same id and body; answers its outcome (admins)',
  tags,
  params: DeliveryParams,
  response: { 200: WebhookDelivery, ...errorResponses(401, 403, 404, 409) },
};

export const testWebhookSchema = {
  operationId: 'testWebhook',
  summary: 'Send a `ping` event to the endpoint now; answers its outcome (admins)',
  tags,
  params: IdParams,
  response: { 200: WebhookDelivery, ...errorResponses(401, 403, 404, 409) },
};
