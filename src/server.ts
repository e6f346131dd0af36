import { buildApp, createDeps } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { bootstrapBanner, bootstrapIfEmpty } from './services/bootstrap.js';
import { startSweeper } from './services/sweeper.js';
import { startWebhookEnqueuer } from './services/webhooks/enqueuer.js';
import { createWebhookWorker } from './services/webhooks/worker.js';
import { createSmtpServer } from './smtp/server.js';

/** Process entry: configuration, HTTP (and SMTP) listeners, graceful shutdown. Everything else lives in app.ts. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const deps = await createDeps(config);
  if (config.bootstrap) {
    const created = await bootstrapIfEmpty(deps.database.db, config.mailDomains[0]);
    if (created) console.log(bootstrapBanner(created));
  }
  const app = await buildApp(deps);
  // Webhooks: the enqueuer follows the event log from its durable cursor (so events committed before a crash are
  // queued now); the worker starts once the listeners are up and sends whatever the outbox holds.
  const webhookWorker = createWebhookWorker({ db: deps.database.db, config, version: deps.version, logger: app.log });
  const webhookEnqueuer = startWebhookEnqueuer({
    db: deps.database.db,
    feed: deps.events,
    publicUrl: config.publicUrl,
    logger: app.log,
    pollMs: config.eventPollMs,
    onEnqueued: () => webhookWorker.wake(),
  });
  await app.listen({ port: config.port, host: config.host });

  const db = deps.database.db;
  const smtp = createSmtpServer({ config, db, logger: app.log });
  const smtpPort = await smtp.listen(config.smtpPort, config.host);
  app.log.info({ port: smtpPort, host: config.host }, `SMTP listening on ${config.host}:${smtpPort}`);
  const sweeper = startSweeper({ db, config, logger: app.log });
  webhookWorker.start();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    // SMTP first, so every message being stored commits before the store closes with the app.
    await smtp.close();
    await sweeper.stop();
    // A batch being queued commits (or rolls back, to be queued by the next start); attempts on the wire get a
    // moment, the rest stay queued.
    await webhookEnqueuer.stop();
    await webhookWorker.stop();
    await app.close();
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
