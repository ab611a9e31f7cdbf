/**
 * Security headers and CORS for the API routes.
 *
 * The headers are helmet's defaults, tightened for an API that only ever
 * answers JSON (nothing may load from it or frame it). They never vary, so
 * they are written out once here and set with one call per request;
 * @fastify/helmet would rebuild its middleware on every request.
 *
 * Every answer is `Cache-Control: no-store`: answers carry people's names, emails, tokens and
 * work (or say whether a link or an address is good), and neither a browser's disk cache nor a
 * shared proxy may keep them for the next person. The response cache (response-cache.ts) is
 * the server's own and changes nothing here. A route that has something public to cache may
 * set its own Cache-Control; none does today.
 *
 * Browsers may call the API cross-origin only from CORS_ORIGINS (remotes
 * served from a CDN, ARCHITECTURE 5); with none configured, only same-origin
 * pages can read answers.
 */
import cors from '@fastify/cors';
import fp from 'fastify-plugin';
import { TOTAL_COUNT_HEADER } from '@duly/shared/contract';
import { BASELINE_HEADERS } from '../lib/baseline-headers';

export function securityHeaders(crossOrigin: boolean): Record<string, string> {
  return {
    ...BASELINE_HEADERS,
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none';frame-ancestors 'none'",
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': crossOrigin ? 'cross-origin' : 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    // The old XSS auditor caused more harm than good; helmet also turns it off.
    'x-xss-protection': '0',
  };
}

export default fp<{ corsOrigins: string[] }>(
  async (fastify, { corsOrigins }) => {
    const headers = securityHeaders(corsOrigins.length > 0);
    fastify.addHook('onRequest', async (_request, reply) => {
      reply.headers(headers);
    });

    await fastify.register(cors, {
      origin: corsOrigins.length > 0 ? corsOrigins : false,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      allowedHeaders: ['Authorization', 'Content-Type'],
      exposedHeaders: [TOTAL_COUNT_HEADER],
      maxAge: 600,
    });
  },
  { name: 'security' },
);
