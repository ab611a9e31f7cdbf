import { Type } from 'typebox';
import { DateText, Enum, Id, IdParams, Name, Nullable, errorResponses } from '../../lib/schema';

export const API_TOKEN_SCOPES = ['read', 'read-write'] as const;
export const CALENDAR_SCOPES = ['mine', 'organization'] as const;

export const ApiToken = Type.Object({
  id: Type.String(),
  name: Type.String(),
  scope: Enum(API_TOKEN_SCOPES),
  created_at: Type.String(),
  expires_at: Nullable(Type.String({ description: 'null: never expires (admins only)' })),
  last_used_at: Nullable(Type.String({ description: 'To the minute; null: never used' })),
});

export const OrganizationApiToken = Type.Object({
  ...ApiToken.properties,
  user: Type.Object({
    id: Type.String(),
    full_name: Nullable(Type.String()),
    email: Type.String(),
  }),
});

export const NewApiTokenBody = Type.Object(
  {
    name: Name,
    scope: Enum(API_TOKEN_SCOPES),
    expires_at: Type.Optional(
      Nullable({
        ...DateText,
        description:
          'An ISO instant in the future; left out: in 90 days; null: never (admins only)',
      }),
    ),
  },
  { additionalProperties: false },
);

export const CreatedApiToken = Type.Object({
  id: Type.String(),
  name: Type.String(),
  scope: Enum(API_TOKEN_SCOPES),
  created_at: Type.String(),
  expires_at: Nullable(Type.String()),
  token: Type.String({ description: '`duly_pat_…`: shown this once, never again' }),
});

const tokenTags = ['api-tokens'];

export const listOwnTokensSchema = {
  operationId: 'listOwnApiTokens',
  summary: 'The caller’s working API tokens (never their secret), newest first',
  tags: tokenTags,
  response: { 200: Type.Array(ApiToken), ...errorResponses(401) },
};

export const createTokenSchema = {
  operationId: 'createApiToken',
  summary: 'A new personal API token; the answer is the only time `token` is shown',
  description: 'Signed-in sessions only: an API token cannot create tokens (403).',
  tags: tokenTags,
  body: NewApiTokenBody,
  response: { 201: CreatedApiToken, ...errorResponses(400, 401, 403, 409) },
};

export const revokeOwnTokenSchema = {
  operationId: 'revokeOwnApiToken',
  summary: 'Revoke one of the caller’s tokens: it fails on its next request',
  tags: tokenTags,
  params: IdParams,
  response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) },
};

export const listOrganizationTokensSchema = {
  operationId: 'listOrganizationApiTokens',
  summary: 'Admins: every working API token of the organisation, with its person',
  tags: tokenTags,
  response: { 200: Type.Array(OrganizationApiToken), ...errorResponses(401, 403) },
};

export const revokeOrganizationTokenSchema = {
  operationId: 'revokeOrganizationApiToken',
  summary: 'Admins: revoke any API token of the organisation',
  tags: tokenTags,
  params: IdParams,
  response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) },
};

export const CalendarUrl = Type.Object({
  url: Nullable(
    Type.String({ description: 'null until one is made, or after a change of the server key' }),
  ),
  scope: Type.Unsafe<(typeof CALENDAR_SCOPES)[number] | null>({
    type: ['string', 'null'],
    enum: [...CALENDAR_SCOPES, null],
    description: 'null until one is made',
  }),
});

const calendarTags = ['calendar'];

export const getCalendarUrlSchema = {
  operationId: 'getCalendarUrl',
  summary: 'The caller’s calendar subscription: its URL and what it shows',
  description:
    'The secret is derived from the server’s key and a nonce; the database keeps only the nonce and the secret’s hash. `url` is null when there is none, or when it was made before a change of the server’s key (regenerate it).',
  tags: calendarTags,
  response: { 200: CalendarUrl, ...errorResponses(401) },
};

export const NewCalendarUrlBody = Type.Object(
  {
    scope: Type.Optional(
      Enum(CALENDAR_SCOPES, {
        description: '`mine` (default): one’s own items; `organization`: managers and admins',
      }),
    ),
  },
  { additionalProperties: false },
);

export const createCalendarUrlSchema = {
  operationId: 'createCalendarUrl',
  summary: 'A new calendar subscription URL; the previous one stops at once',
  tags: calendarTags,
  body: NewCalendarUrlBody,
  response: {
    200: Type.Object({ url: Type.String(), scope: Enum(CALENDAR_SCOPES) }),
    ...errorResponses(400, 401, 403),
  },
};

export const CalendarParams = Type.Object({
  file: Type.String({ minLength: 1, maxLength: 100, description: '`{secret}.ics`' }),
});

export const calendarFeedSchema = {
  operationId: 'getCalendarFeed',
  summary: 'An iCalendar (RFC 5545) feed; the URL’s secret is the authority',
  description:
    'Open tasks (30 minutes at the due instant) and certificates’ expiry and first-reminder dates (all-day), nearest first, 500 of each at most. `ETag` / `If-None-Match` answer 304.',
  tags: calendarTags,
  security: [],
  params: CalendarParams,
  response: {
    200: Type.String({ description: 'text/calendar' }),
    304: Type.Null(),
    ...errorResponses(404),
  },
};

export { Id };
