import { buildApp, createDeps } from './http/app.js';
import { ConfigError, loadConfig } from './config.js';
import { bootstrapBanner, bootstrapIfEmpty } from './identity/bootstrap.js';
import { startSweeper } from './sweeper/sweeper.js';
import { startWebhookEnqueuer } from './webhooks/enqueuer.js';
import { createWebhookWorker } from './webhooks/worker.js';
import { createInboundLimiter } from './mail/inbound-limit.js';
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
  // Set at shutdown: the SMTP listener and the background workers, which the store must outlive.
  let backgroundStopped: Promise<void> = Promise.resolve();
  const app = await buildApp(deps, { beforeStoreCloses: () => backgroundStopped });
  // Webhooks: the enqueuer follows the event log from its durable cursor (so events committed before a crash are
  // queued now); the worker starts once the listeners are up and sends whatever the outbox holds.
  const webhookWorker = createWebhookWorker({ db: deps.database.db, config, version: deps.version, logger: app.log, metrics: deps.metrics });
  const webhookEnqueuer = startWebhookEnqueuer({
    db: deps.database.db,
    feed: deps.events,
    publicUrl: config.publicUrl,
    logger: app.log,
    pollMs: config.eventPollMs,
    onEnqueued: () => webhookWorker.wake(),
  });
  await listenOrExplain('PORT', config.port, config.host, () => app.listen({ port: config.port, host: config.host }));

  const db = deps.database.db;
  const inbound = createInboundLimiter(config.rateLimits.inbound, config.rateLimits.windowMs, deps.redis);
  const smtp = createSmtpServer({ config, db, logger: app.log, metrics: deps.metrics, inbound });
  const smtpPort = await listenOrExplain('SMTP_PORT', config.smtpPort, config.host, () => smtp.listen(config.smtpPort, config.host));
  app.log.info({ port: smtpPort, host: config.host }, `SMTP listening on ${config.host}:${smtpPort}`);
  const sweeper = startSweeper({ db, config, logger: app.log });
  webhookWorker.start();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    deps.lifecycle.shuttingDown = true; // /ready answers 503: load balancers stop sending new requests
    app.log.info({ signal, timeoutMs: config.shutdownTimeoutMs }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown took longer than SHUTDOWN_TIMEOUT_MS; exiting anyway');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    // Both listeners stop accepting at once. SMTP lets transactions under way finish (each commits before its 250);
    // the sweeper and the enqueuer finish their batch (it commits, or rolls back to be redone at the next start);
    // attempts on the wire get a moment, the rest stay queued. HTTP answers new requests 503, ends long polls and
    // streams, lets requests in flight finish, and closes the store only after all of the above (beforeStoreCloses).
    backgroundStopped = (async () => {
      await smtp.close();
      await sweeper.stop();
      await webhookEnqueuer.stop();
      await webhookWorker.stop();
    })();
    try {
      await app.close(); // flushes usage counters, closes the event feed and the store
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/** A port that cannot be had ends the process with one line naming the variable, not a stack trace. */
async function listenOrExplain<T>(variable: 'PORT' | 'SMTP_PORT', port: number, host: string, listen: () => Promise<T>): Promise<T> {
  try {
    return await listen();
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'EADDRINUSE' || code === 'EACCES') {
      const why = code === 'EADDRINUSE' ? 'is already in use' : 'needs privileges this process does not have';
      console.error(`${variable}=${port} ${why} on ${host}; set ${variable} to another port.`);
      process.exit(1);
    }
    throw err;
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
