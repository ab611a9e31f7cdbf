/**
 * What every operation of the OpenAPI document says about its answers, written once here
 * rather than in 41 route schemas: a description for each status, the 413 and 415 that any
 * route with a body can give (Fastify answers them before the handler, plugins/errors.ts), and
 * every error answer as the one shared `Error` schema with an example. The statuses each route
 * can answer stay declared in its own schema (`errorResponses(400, 401, …)`).
 */
import type { FastifySchema } from 'fastify';
import { ErrorBody } from '../lib/schema';

const STATUS_DESCRIPTIONS: Record<string, string> = {
  200: 'Done',
  201: 'Created',
  202: 'Accepted: the work (a mail) follows',
  400: 'Bad input: nothing was written; `errors` names each field',
  401: 'No token, or one that is invalid or expired',
  403: 'The caller’s role may not do this',
  404: 'No such record in the caller’s organisation',
  409: 'Conflicts with an existing record (an email already used)',
  410: 'The link has expired or was already used',
  413: 'The body is larger than 1 MiB',
  415: 'The body is not JSON',
  416: 'The requested byte range is outside the file',
  429: 'Too many attempts or requests: wait `Retry-After` seconds and try again',
  503: 'The database does not answer',
  507: 'No room left in the documents’ store',
};

/** One example per error status, in the error shape every route answers. */
const ERROR_EXAMPLES: Record<string, { message: string; code: string; errors?: object[] }> = {
  400: {
    message: 'Title is required.',
    code: 'validation_failed',
    errors: [{ path: 'title', message: 'is required' }],
  },
  401: { message: 'Authentication required', code: 'unauthorized' },
  403: { message: 'You are not allowed to do this', code: 'forbidden' },
  404: { message: 'Task not found', code: 'not_found' },
  409: { message: 'An account with this email already exists', code: 'conflict' },
  410: { message: 'This link has expired. Ask for a new one.', code: 'link_expired' },
  413: { message: 'The request body is too large (at most 1 MiB)', code: 'body_too_large' },
  415: { message: 'Send the request body as application/json', code: 'unsupported_media_type' },
  429: {
    message: 'Too many failed sign-in attempts. Try again in a minute.',
    code: 'too_many_requests',
  },
  416: { message: 'The requested range is outside the file', code: 'range_not_satisfiable' },
  503: { message: 'The database does not answer', code: 'unavailable' },
  507: { message: 'There is no room left to store this file', code: 'storage_full' },
};

type Responses = Record<string, object>;

/** A route's schema with 413/415 added when it takes a body, and a description on each answer. */
export function documentAnswers(schema: FastifySchema): FastifySchema {
  const response: Responses = { ...((schema.response as Responses | undefined) ?? {}) };
  if (schema.body) {
    response[413] ??= ErrorBody;
    response[415] ??= ErrorBody;
  }
  // A signed-in route (it can answer 401) counts against its person's budget of requests.
  if (response[401]) response[429] ??= ErrorBody;
  for (const [status, answer] of Object.entries(response)) {
    if ('description' in answer) continue;
    response[status] = { ...answer, description: STATUS_DESCRIPTIONS[status] ?? 'Answer' };
  }
  return { ...schema, response };
}

interface OpenApiResponse {
  content?: Record<string, { schema?: unknown; example?: unknown }>;
}

interface OpenApiDocument {
  paths?: Record<string, Record<string, { responses?: Record<string, OpenApiResponse> }>>;
  components?: { schemas?: Record<string, unknown> };
}

/** Every error answer points at `#/components/schemas/Error` and carries its example. */
export function shareErrorSchema<T extends object>(openapi: T): T {
  // Only the parts read and written here are typed; the rest of the document passes through.
  const document = openapi as OpenApiDocument;
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        const json = answer.content?.['application/json'];
        if (Number(status) < 400 || !json) continue;
        answer.content = {
          'application/json': {
            schema: { $ref: '#/components/schemas/Error' },
            example: ERROR_EXAMPLES[status],
          },
        };
      }
    }
  }
  document.components = {
    ...document.components,
    schemas: {
      ...document.components?.schemas,
      Error: { ...JSON.parse(JSON.stringify(ErrorBody)), description: 'Every error answer' },
    },
  };
  return openapi;
}
