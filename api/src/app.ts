/**
 * Builds the Duly API as a Fastify plugin. It never listens (server.ts does)
 * and never opens a database (it is handed one), so tests build it on a fresh
 * database of their own.
 */
import compressPlugin from '@fastify/compress';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import type {
  FastifyPluginAsyncTypebox,
  TypeBoxTypeProvider,
} from '@fastify/type-provider-typebox';
import { API_BASE_PATH } from '@duly/shared/contract';
import type { Db } from './db/tables';
import { BASELINE_HEADERS } from './lib/baseline-headers';
import {
  BROTLI_OPTIONS,
  COMPRESSION_THRESHOLD_BYTES,
  ENCODINGS,
  GZIP_OPTIONS,
  SYNC_COMPRESSION_MAX_BYTES,
} from './lib/compression';
import { validatorCompiler } from './lib/validation';
import { hidePathSecrets } from './logging/hide-secrets';
import { prettyDestination, type LineSink } from './logging/pretty';
import requestLinesPlugin from './logging/request-lines';
import authPlugin from './plugins/auth';
import clusterPlugin from './plugins/cluster';
import livePlugin from './plugins/live';
import { changeOfWrite } from './live/changes-of-writes';
import { eventStreamRoutes, eventTicketRoutes } from './routes/events';
import configPlugin, { type AppConfig } from './plugins/config';
import dbPlugin from './plugins/db';
import docsPlugin, { docsJsonRoute } from './plugins/docs';
import mailerPlugin from './plugins/mailer';
import errorsPlugin, { clientErrorHandler, frameworkErrors, sendError } from './plugins/errors';
import responseCachePlugin from './plugins/response-cache';
import securityPlugin from './plugins/security';
import signInLimitsPlugin from './plugins/sign-in-limits';
import accountRoutes from './routes/accounts';
import authRoutes from './routes/auth';
import certificateRoutes from './routes/certificates';
import certificateTypeRoutes from './routes/certificate-types';
import complianceRoutes from './routes/compliance';
import documentRoutes from './routes/documents';
import documentPreviewRoutes from './routes/documents/preview';
import exportRoutes from './routes/exports';
import importRoutes from './routes/imports';
import dashboardRoutes from './routes/dashboard';
import employeeRoutes from './routes/employee';
import employeesRoutes from './routes/employees';
import healthRoutes from './routes/health';
import { calendarFeedRoutes, calendarUrlRoutes, tokenRoutes } from './routes/integrations';
import managerRoutes from './routes/manager';
import notificationRoutes from './routes/notifications';
import organizationRoutes from './routes/organizations';
import profileRoutes from './routes/profile';
import activityRoutes from './routes/activity';
import activitySealerPlugin from './plugins/activity-sealer';
import reminderRoutes from './routes/reminders';
import taskRoutes from './routes/tasks';
import unsubscribeRoutes from './routes/unsubscribe';
import webhookRoutes from './routes/webhooks';

export interface AppOptions {
  config: AppConfig;
  db: Db;
  /** Where the log goes instead of standard output (tests read it). */
  logDestination?: LineSink;
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes "the n addresses nearest the server
 * are proxies" (Express's meaning): Fastify 5.12 ignores a plain number, since it cannot
 * check that the nearest peer is a proxy; that is why docs recommend the addresses.
 */
export function trustProxyOption(
  trustProxy: AppConfig['trustProxy'],
): FastifyServerOptions['trustProxy'] {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address: string, hop: number) => hop < trustProxy;
}

/** Options of the Fastify instance itself (they cannot be set from inside a plugin). */
export function serverOptions(config: AppConfig, logDestination?: LineSink): FastifyServerOptions {
  const pretty = config.logFormat === 'pretty';
  return {
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      // Fastify's request record, with a calendar feed's secret hidden from its path.
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: hidePathSecrets(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }),
      },
      ...(pretty
        ? { stream: prettyDestination(logDestination) }
        : logDestination && { stream: logDestination }),
    },
    // A person at a terminal gets the short request lines of logging/request-lines.ts instead
    // of Fastify's two records per request; the JSON log keeps Fastify's.
    ...(pretty && { logController: new LogController({ disableRequestLogging: true }) }),
    // Spec paths end in a slash (`/tasks/`); clients may leave it out.
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: BODY_LIMIT_BYTES,
    // request.ip is the client's, not the proxy's, only for the proxies TRUST_PROXY names.
    trustProxy: trustProxyOption(config.trustProxy),
    // Errors raised before any route is found answer in the documented shape as well.
    frameworkErrors,
    clientErrorHandler,
  };
}

/** Everything under /api/v1: its own validation, errors, headers and 404. */
const api: FastifyPluginAsyncTypebox<{ config: AppConfig }> = async (fastify, { config }) => {
  // TypeBox's compiled checks: bodies as sent, numeric query fields converted first.
  fastify.setValidatorCompiler(validatorCompiler);
  await fastify.register(errorsPlugin);
  await fastify.register(compressPlugin, {
    encodings: [...ENCODINGS],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: GZIP_OPTIONS,
    syncThreshold: SYNC_COMPRESSION_MAX_BYTES,
  });
  await fastify.register(securityPlugin, { corsOrigins: config.corsOrigins });
  await fastify.register(responseCachePlugin, { enabled: config.responseCache });
  await fastify.register(docsJsonRoute);

  await fastify.register(healthRoutes);
  await fastify.register(authRoutes);
  // Opened from a mail, without signing in: the link's signed token is the authority.
  await fastify.register(unsubscribeRoutes);
  // A calendar app fetching a feed: the URL's secret is the authority (docs/integrations.md).
  await fastify.register(calendarFeedRoutes);
  // An <img> or <iframe> showing a document: the URL's signature is the authority (issue 26).
  await fastify.register(documentPreviewRoutes);
  await fastify.register(accountRoutes);
  await fastify.register(eventStreamRoutes, { heartbeatMs: config.eventsHeartbeatMs });

  // Everything else needs a valid token; roles are checked per route. Each route file
  // writes its paths out in full, as spec section 7 names them (`/tasks/`, `/certificates/{id}/`).
  await fastify.register(async (signedIn) => {
    signedIn.addHook('onRequest', signedIn.authenticate);
    signedIn.addHook('onRequest', signedIn.limitUserRequests);
    signedIn.addHook('onRequest', signedIn.requireExistingWriter);
    // Once a write has answered (its transaction committed), open screens hear of it.
    signedIn.addHook('onResponse', async (request, reply) => {
      const change = changeOfWrite(request, reply.statusCode, API_BASE_PATH);
      if (change) signedIn.publishChange(change);
    });
    await signedIn.register(eventTicketRoutes);
    await signedIn.register(organizationRoutes);
    await signedIn.register(dashboardRoutes);
    await signedIn.register(employeesRoutes);
    await signedIn.register(taskRoutes);
    await signedIn.register(certificateRoutes);
    await signedIn.register(certificateTypeRoutes);
    await signedIn.register(complianceRoutes);
    await signedIn.register(documentRoutes);
    await signedIn.register(exportRoutes);
    await signedIn.register(importRoutes);
    await signedIn.register(managerRoutes);
    await signedIn.register(employeeRoutes);
    await signedIn.register(notificationRoutes);
    await signedIn.register(profileRoutes);
    await signedIn.register(reminderRoutes);
    await signedIn.register(tokenRoutes);
    await signedIn.register(calendarUrlRoutes);
    await signedIn.register(webhookRoutes);
    await signedIn.register(activityRoutes);
  });
};

/** The Duly API as a plugin: register it on any Fastify instance. */
export const dulyApi = fp<AppOptions>(
  async (fastify, { config, db }) => {
    // The whole server (the API, the web app beside it): the baseline headers on every
    // response, and errors in the documented shape wherever they are raised.
    fastify.addHook('onRequest', async (_request, reply) => {
      reply.headers(BASELINE_HEADERS);
    });
    fastify.setErrorHandler((error, request, reply) => sendError(error as Error, request, reply));
    if (config.logFormat === 'pretty') await fastify.register(requestLinesPlugin);
    await fastify.register(configPlugin, { config });
    await fastify.register(dbPlugin, { db });
    await fastify.register(mailerPlugin);
    await fastify.register(clusterPlugin);
    await fastify.register(activitySealerPlugin);
    await fastify.register(livePlugin);
    await fastify.register(authPlugin);
    await fastify.register(signInLimitsPlugin);
    // Before the API: the OpenAPI document is built from the routes registered after it.
    await fastify.register(docsPlugin);
    await fastify.register(api, { prefix: API_BASE_PATH, config });
  },
  { name: 'duly-api' },
);

/** A Fastify instance with the API registered and ready (not listening). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const fastify = Fastify(
    serverOptions(options.config, options.logDestination),
  ).withTypeProvider<TypeBoxTypeProvider>();
  await fastify.register(dulyApi, options);
  return fastify;
}
