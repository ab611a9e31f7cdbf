/**
 * The one error handler (ARCHITECTURE 6): every failure becomes
 * `{ message, code, errors? }`. Client errors say what is wrong and with which
 * field; server errors say only 'Internal server error' (details go to the
 * log, never to the client: no stack trace, no SQL).
 */
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, badRequest } from '../lib/http-errors';
import { toFieldErrors, type SchemaError } from '../lib/validation';

interface ErrorBody {
  message: string;
  code: string;
  errors?: { path: string; message: string }[];
}

/** Fastify's own client errors, with messages a user of the API can act on. */
const FASTIFY_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'invalid_json',
    message: 'The request body is not valid JSON',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'invalid_json',
    message: 'The request body is empty; send a JSON object',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'body_too_large',
    message: 'The request body is too large (at most 1 MiB)',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    message: 'Send the request body as application/json',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'bad_request',
    message: 'The Content-Length header does not match the body',
  },
};

function toErrorResponse(error: FastifyError | HttpError | Error): {
  status: number;
  body: ErrorBody;
} {
  if (error instanceof HttpError) {
    const { statusCode: status, code, message, errors } = error;
    return { status, body: errors ? { message, code, errors } : { message, code } };
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const errors = toFieldErrors(
      fastifyError.validation as unknown as SchemaError[],
      fastifyError.validationContext,
    );
    return toErrorResponse(badRequest(errors));
  }
  const known = fastifyError.code ? FASTIFY_ERRORS[fastifyError.code] : undefined;
  if (known) return { status: known.status, body: { message: known.message, code: known.code } };
  // The JSON parser's syntax errors arrive as a 400 SyntaxError.
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) {
    return toErrorResponse(Object.assign(new Error(), { code: 'FST_ERR_CTP_INVALID_JSON_BODY' }));
  }
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    return { status, body: { message: fastifyError.message, code: 'bad_request' } };
  }
  return { status: 500, body: { message: 'Internal server error', code: 'internal_error' } };
}

/**
 * Registered inside the API scope (fastify-plugin applies it to the scope that
 * registers it), so other parts of the server keep their own 404 handling.
 */
export default fp(
  async (fastify) => {
    fastify.setErrorHandler((error, request, reply) => {
      const { status, body } = toErrorResponse(error as Error);
      if (status >= 500) {
        request.log.error({ err: error }, 'Request failed');
      } else {
        request.log.info({ status, code: body.code }, body.message);
      }
      return reply.code(status).type('application/json; charset=utf-8').send(body);
    });

    // Unknown routes under the API prefix answer JSON, like every other error.
    fastify.setNotFoundHandler((request, reply) =>
      reply.code(404).send({
        message: `No route ${request.method} ${request.url.split('?')[0]}`,
        code: 'route_not_found',
      }),
    );
  },
  { name: 'errors' },
);
