/**
 * The one error handler (ARCHITECTURE 6): every failure becomes
 * `{ message, code, errors? }`. Client errors say what is wrong and with which
 * field; server errors say only 'Internal server error' (details go to the
 * log, never to the client: no stack trace, no SQL).
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { BASELINE_HEADERS } from '../lib/baseline-headers';
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

export function toErrorResponse(error: FastifyError | HttpError | Error): {
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

/** Logs and sends an error in the documented shape (the API's and the server's handler). */
export function sendError(error: Error, request: FastifyRequest, reply: FastifyReply) {
  const { status, body } = toErrorResponse(error);
  if (status >= 500) {
    request.log.error({ err: error }, 'Request failed');
  } else {
    request.log.info({ status, code: body.code }, body.message);
  }
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** The 404 of a path no route serves, in the same shape. */
export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send({
    message: `No route ${request.method} ${request.url.split('?')[0]}`,
    code: 'route_not_found',
  });
}

/**
 * Errors Fastify raises before any route is found (the `frameworkErrors` server option): a
 * URL that is not valid percent-encoding, a path segment over the router's length limit.
 * No hook has run for them, so the baseline headers are set here.
 */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  reply.headers(BASELINE_HEADERS);
  const known: Record<string, [number, string, string]> = {
    FST_ERR_BAD_URL: [400, 'bad_url', 'The URL is not valid: check its percent-encoding'],
    FST_ERR_MAX_PARAM_LENGTH: [414, 'uri_too_long', 'A part of the URL is too long'],
  };
  const match = known[error.code];
  if (!match) return sendError(error, request, reply);
  const [status, code, message] = match;
  request.log.info({ status, code }, message);
  return reply.code(status).type('application/json; charset=utf-8').send({ message, code });
}

/**
 * Requests node's HTTP parser refuses before Fastify sees them (the `clientErrorHandler`
 * server option): headers over the size limit (431), a request that took too long (408),
 * bytes that are not HTTP (400). Written to the socket directly, as node does, but in the
 * documented shape and with the baseline headers.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'headers_too_large', 'The request headers are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'request_timeout', 'The request took too long to arrive']
        : [400, 'bad_request', 'The request is not valid HTTP'];
  const body = JSON.stringify({ message, code });
  if (socket.writable) {
    const headers = {
      ...BASELINE_HEADERS,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    };
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('')}\r\n${body}`);
  }
  socket.destroy(error);
}

/**
 * Registered inside the API scope (fastify-plugin applies it to the scope that
 * registers it), so other parts of the server keep their own 404 handling.
 */
export default fp(
  async (fastify) => {
    fastify.setErrorHandler((error, request, reply) => sendError(error as Error, request, reply));

    // Unknown routes under the API prefix answer JSON, like every other error.
    fastify.setNotFoundHandler(sendRouteNotFound);
  },
  { name: 'errors' },
);
