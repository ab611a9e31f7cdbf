/**
 * Starts the API: reads the configuration, migrates the database, loads the
 * demo organisation when asked (`--demo`), listens, and shuts down cleanly on
 * SIGINT/SIGTERM.
 */
import type { AddressInfo } from 'node:net';
import { API_BASE_PATH } from '@duly/shared/contract';
import { buildApp } from './app';
import { createDatabase } from './db/connection';
import { migrateToLatest } from './db/migrate';
import { formatDemoLogins, seedDemo } from './demo/seed';
import { clockFromEnv } from './lib/clock';
import { startupBanner } from './logging/banner';
import { ConfigError, loadConfig } from './plugins/config';
import { DOCS_PAGE_PATH } from './plugins/docs';
import { sendRouteNotFound } from './plugins/errors';
import { startScheduler, type Scheduler } from './reminders/scheduler';
import { webOptionsFromEnv, webPlugin } from './web';

const SHUTDOWN_TIMEOUT_MS = 10_000;

/**
 * DULY_STARTUP_TRACE=1 (the tests' servers, api/test/server-process.ts): a line per start-up
 * step, so that a start-up that stalls shows where, whatever LOG_LEVEL says.
 */
const trace =
  process.env.DULY_STARTUP_TRACE === '1'
    ? // Since the process began: loading (tsx compiling the API) counts too.
      (step: string) => console.log(`start-up +${Math.round(process.uptime() * 1000)} ms: ${step}`)
    : () => undefined;

async function main(): Promise<void> {
  const config = loadConfig();
  trace('configuration read; migrating the database');
  const db = createDatabase(config.database);
  await migrateToLatest(db, {
    // Otherwise a start-up that waits for another instance's migration prints nothing.
    onWait: (holders) =>
      console.warn(
        'Waiting for another migration of the database to end ' +
          `(PostgreSQL server process ${holders.join(', ') || '?'} holds the migration lock)`,
      ),
  });
  trace('migrated');
  if (config.demo)
    console.log(formatDemoLogins(await seedDemo(db, new Date(), config.passwordCost)));

  const app = await buildApp({ config, db });
  trace('app built');
  // `npm start` sets DULY_WEB_ROOT: the same process then serves the shell, the remotes and
  // config.json (api/src/web). Without it, this is the API alone.
  const web = webOptionsFromEnv();
  if (web) await app.register(webPlugin, web);
  // The API alone: a path outside /api/v1 is a JSON 404 in the API's shape too.
  else app.setNotFoundHandler(sendRouteNotFound);

  let scheduler: Scheduler | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) process.exit(1); // A second Ctrl+C: stop now.
    closing = true;
    app.log.info({ signal }, 'Shutting down');
    setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS).unref();
    // Claims nothing more and lets the mails in flight finish and be recorded as sent.
    await scheduler?.stop();
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  trace('web app registered; listening');
  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as AddressInfo;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const origin = `http://${host}:${port}`;
  if (config.logFormat === 'pretty') {
    // What a person types: `localhost` rather than the loopback address.
    const address = `http://${['127.0.0.1', '::1'].includes(host) ? 'localhost' : host}:${port}`;
    console.log(
      startupBanner({
        url: web ? address : `${address}${API_BASE_PATH}`,
        docsUrl: `${address}${DOCS_PAGE_PATH}`,
        servesWebApp: Boolean(web),
        database: config.database,
        smtpUrl: config.smtpUrl,
        logLevel: config.logLevel,
      }),
    );
  } else {
    console.log(`Duly API listening on ${origin}${API_BASE_PATH}`);
  }

  // The reminders' job, on every instance (reminders/scheduler.ts); SCHEDULER=off for none.
  if (config.scheduler) {
    scheduler = startScheduler({
      db,
      mailer: app.mailer,
      clock: clockFromEnv(),
      reminderTime: config.reminderTime,
      intervalMs: config.schedulerIntervalMs,
      publicUrl: config.publicUrl,
      jwtSecret: config.jwtSecret,
      // One mail in flight per pooled SMTP connection (the pool is app.mailer's).
      concurrency: config.smtpPoolConnections,
      leaseMs: config.reminderLeaseMs,
      log: app.log,
      webhooks: config.webhooks,
      activityRetentionDays: config.activityRetentionDays,
      publishChange: (change) => app.publishChange(change),
    });
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`);
  } else {
    console.error('Duly API failed to start:', error);
  }
  process.exit(1);
});
