/**
 * Security headers (helmet) and CORS for the API routes. Browsers may call the
 * API cross-origin only from CORS_ORIGINS (remotes served from a CDN, section
 * 5); with none configured, only same-origin pages can read answers.
 */
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import { TOTAL_COUNT_HEADER } from '@duly/shared/contract';

export default fp<{ corsOrigins: string[] }>(
  async (fastify, { corsOrigins }) => {
    // The API serves JSON only, so the strictest policy fits: nothing may load from it.
    await fastify.register(helmet, {
      global: true,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      },
      crossOriginResourcePolicy: {
        policy: corsOrigins.length > 0 ? 'cross-origin' : 'same-origin',
      },
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
