/**
 * The pretty terminal's request lines (Fastify's own two JSON records per request are off
 * there, app.ts): one line per request at LOG_LEVEL=debug, and at the default level only the
 * requests slower than SLOW_REQUEST_MS, as a warning. Errors are logged where they are
 * answered (plugins/errors.ts). The path is logged without its query string: a link's token
 * never reaches the terminal.
 */
import fp from 'fastify-plugin';
import { hidePathSecrets } from './hide-secrets';

export const SLOW_REQUEST_MS = 1000;

export default fp<{ slowRequestMs?: number }>(
  async (fastify, { slowRequestMs = SLOW_REQUEST_MS }) => {
    fastify.addHook('onResponse', async (request, reply) => {
      const ms = reply.elapsedTime;
      const line = `${request.method} ${hidePathSecrets(request.url.split('?')[0])} ${reply.statusCode} ${Math.round(ms)} ms`;
      if (ms >= slowRequestMs) request.log.warn(`Slow request: ${line}`);
      else request.log.debug(line);
    });
  },
  { name: 'request-lines' },
);
