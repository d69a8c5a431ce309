import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DatabaseUnavailableError, openDatabase } from './db/client.ts';
import { seedDemo } from './db/demo-seed.ts';
import { startOutboxWorker } from './jobs/outbox-worker.ts';
import { scheduleSessionCleanup } from './jobs/session-cleanup.ts';
import { scheduleCandidateRetention } from './jobs/candidate-retention.ts';
import { scheduleOfferExpiry } from './jobs/offer-expiry.ts';
import { scheduleInterviewFeedback } from './jobs/interview-feedback.ts';
import { scheduleOnboardingTaskDue } from './jobs/onboarding-task-due.ts';
import { scheduleOutboxRetention } from './jobs/outbox-retention.ts';
import { createFileService } from './features/files/service.ts';
import { createStorage } from './lib/storage.ts';
import { notificationOutboxHandlers } from './features/notifications/service.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** How often the outbox worker looks for due mail; work queued in this process wakes it sooner. */
const OUTBOX_POLL_MS = 2000;

/** Configuration and database failures end the process with one clear line, not a stack trace. */
function fail(message: string): never {
  process.stderr.write(`hireloop: ${message}\n`);
  process.exit(1);
}

async function main() {
  const startedAt = performance.now();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  let database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, ...config.databaseLimits });
  } catch (error) {
    if (error instanceof DatabaseUnavailableError) fail(error.message);
    throw error;
  }
  await database.migrate();
  if (config.demo ?? database.managed) {
    if (await seedDemo(database.db, { appUrl: config.appUrl }))
      process.stdout.write('hireloop: demo organisation created (sign in as Dana Whitfield)\n');
  }

  const app = await buildApp({
    config: { ...config, webDist: config.webDist ?? path.resolve(here, '../../web/dist') },
    database,
  });

  // Each job runs once per period across all nodes on this database (jobs/periodic.ts).
  const jobs = { db: database.db, log: app.log };
  const stopCleanup = scheduleSessionCleanup(jobs);
  const stopRetention = scheduleCandidateRetention(jobs, createFileService(database.db, createStorage(config), app.log));
  const stopOfferExpiry = scheduleOfferExpiry(jobs);
  const stopInterviewFeedback = scheduleInterviewFeedback(jobs);
  const stopOnboardingTaskDue = scheduleOnboardingTaskDue(jobs);
  const stopOutboxRetention = scheduleOutboxRetention(jobs, config.outboxRetentionDays);
  const outboxWorker = startOutboxWorker({
    db: database.db,
    config,
    log: app.log,
    intervalMs: OUTBOX_POLL_MS,
    handlers: notificationOutboxHandlers(app.realtime.broadcaster, database.db),
  });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown grace period over; exiting');
      process.exit(1);
    }, config.shutdownGraceMs);
    force.unref();
    // A keep-alive connection whose request finishes after close() began stays open: sweep idle ones.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    sweep.unref();
    try {
      stopCleanup();
      stopRetention();
      stopOfferExpiry();
      stopInterviewFeedback();
      stopOnboardingTaskDue();
      stopOutboxRetention();
      // Closes real-time sockets with 4200 (reconnect now) before the HTTP server stops.
      await app.close();
      await outboxWorker.stop();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({
      host: config.host,
      port: config.port,
      // APP_URL is the address to open: sign-in returns there. The bound address follows, without a scheme.
      listenTextResolver: (address) => `Hireloop listening on ${config.appUrl} (bound to ${address.replace(/^https?:\/\//, '')})`,
    });
  } catch (error) {
    // The managed database server is a child process: stop it before leaving.
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    fail(`could not listen on ${config.host}:${config.port}: ${(error as Error).message}`);
  }
  app.log.info(
    {
      url: config.appUrl,
      database: database.managed ? `managed (${config.dataDir})` : 'postgres',
      node: process.version,
      startupMs: Math.round(performance.now() - startedAt),
    },
    'Hireloop is ready',
  );
}

await main();
