import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { closeContext, createContext, type Context } from './context.js';
import { buildApp, type AppOptions } from './http/app.js';
import { loadSpec, type LoadedSpec } from './http/spec/spec.js';
import { createIntake, type Intake } from './mail/ingest/intake.js';
import { createSmtpServer, type SmtpListener } from './smtp/server.js';
import { createAuthFailureLimiter } from './smtp/auth-limit.js';
import { startSweeper, type Sweeper } from './sweeper/sweeper.js';
import { startWebhookEnqueuer, type WebhookEnqueuer } from './webhooks/enqueuer.js';
import { createWebhookWorker, type WebhookWorker } from './webhooks/worker.js';

export interface RuntimeOverrides extends AppOptions {
  /** Parts of the context to use instead of building them (tests: a fresh store, a fake resolver). */
  context?: Partial<Context>;
  /** Start the background workers (webhook enqueuer and worker, sweeper); true by default. Tests that drive them
   * by hand turn them off. */
  workers?: boolean;
}

/** Where start() listens; the config's PORT, SMTP_PORT and HOST by default (port 0 picks a free one). */
export interface ListenOptions {
  host?: string;
  port?: number;
  smtpPort?: number;
  /** The implicit-TLS port (SMTPS_PORT by default; only with a certificate). */
  smtpsPort?: number;
}

export interface Runtime {
  context: Context;
  /** The HTTP application (app.inject works before start()). */
  app: FastifyInstance;
  /** openapi.yaml as the app serves it. */
  spec: LoadedSpec;
  smtp: SmtpListener;
  /** The intake queue's processors (INTAKE_CONCURRENCY of them): what SMTP acknowledged, stored. */
  intake: Intake;
  /** Starts everything in order and answers the bound ports. A port that cannot be had rejects with a PortError. */
  start(listen?: ListenOptions): Promise<{ port: number; smtpPort: number; smtpsPort: number | null }>;
  /**
   * Stops everything in order and closes the store: /ready says 503 at once; HTTP keeps answering for
   * SHUTDOWN_DRAIN_MS, closing each connection after its answer; SMTP stops accepting and lets
   * transactions under way commit (to the intake queue); the intake processors finish the messages they hold (or
   * leave them queued for the next start or another instance); the sweeper and the webhook enqueuer finish their batch (it commits, or rolls
   * back to be redone at the next start); attempts on the wire get a moment; HTTP answers new requests 503, ends long
   * polls and streams and lets requests in flight finish; then usage counts are written and the store closed.
   */
  stop(): Promise<void>;
}

/** A listening port that could not be had (in use, or privileged): main.ts says so in one line. */
export class PortError extends Error {
  constructor(
    readonly variable: 'PORT' | 'SMTP_PORT' | 'SMTPS_PORT',
    readonly port: number,
    readonly host: string,
    readonly code: string,
  ) {
    const why = code === 'EADDRINUSE' ? 'is already in use' : 'needs privileges this process does not have';
    super(`${variable}=${port} ${why} on ${host}; set ${variable} to another port.`);
  }
}

async function listenOn<T>(variable: 'PORT' | 'SMTP_PORT' | 'SMTPS_PORT', port: number, host: string, listen: () => Promise<T>): Promise<T> {
  try {
    return await listen();
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'EADDRINUSE' || code === 'EACCES') throw new PortError(variable, port, host, code);
    throw err;
  }
}

/**
 * The whole service in one object: the context (store, feed, caches), HTTP, SMTP and the intake processors behind
 * it, the webhook enqueuer and worker and the sweeper, started and stopped in one order. src/main.ts runs one; tests run as many as they like.
 */
export async function createRuntime(config: Config, overrides: RuntimeOverrides = {}): Promise<Runtime> {
  const context = await createContext(config, overrides.context);
  const spec = overrides.spec ?? (await loadSpec());
  const app = await buildApp(context, { ...overrides, spec });
  const logger = app.log;
  const db = context.database.db;
  const withWorkers = overrides.workers ?? true;
  // The context's intake, with the server's logger: SMTP and the provider APIs (through the context) queue into it.
  const intake = createIntake({ config, db, logger, metrics: context.metrics });
  context.intake = intake;
  const authLimiter = createAuthFailureLimiter(config.smtpAuthLimits, context.redis);
  const smtp = createSmtpServer({ config, db, logger, metrics: context.metrics, inbound: context.inbound, intake, authLimiter, recipients: context.recipients });
  // Webhooks: the enqueuer follows the event log from its durable cursor (so events committed before a crash are
  // queued now); the worker starts once the listeners are up and sends whatever the outbox holds.
  let worker: WebhookWorker | undefined;
  let enqueuer: WebhookEnqueuer | undefined;
  let sweeper: Sweeper | undefined;
  let started = false;
  let stopping: Promise<void> | undefined;

  return {
    context,
    app,
    spec,
    smtp,
    intake,
    async start(listen = {}) {
      const host = listen.host ?? config.host;
      if (withWorkers) {
        const w = createWebhookWorker({ db, config, version: context.version, logger, metrics: context.metrics });
        worker = w;
        enqueuer = startWebhookEnqueuer({ db, feed: context.events, publicUrl: config.publicUrl, logger, pollMs: config.eventPollMs, onEnqueued: () => w.wake() });
      }
      started = true;
      // Before SMTP listens: what a previous run acknowledged and did not store yet is taken up first.
      await intake.start();
      const wanted = listen.port ?? config.port;
      await listenOn('PORT', wanted, host, () => app.listen({ port: wanted, host }));
      const port = (app.server.address() as { port: number }).port;
      const wantedSmtp = listen.smtpPort ?? config.smtpPort;
      const smtpPort = await listenOn('SMTP_PORT', wantedSmtp, host, () => smtp.listen(wantedSmtp, host));
      logger.info({ port: smtpPort, host }, `SMTP listening on ${host}:${smtpPort}${config.smtpTls ? ' (STARTTLS)' : ''}`);
      let smtpsPort: number | null = null;
      if (config.smtpTls && (listen.smtpsPort ?? config.smtpTls.smtpsPort) !== null) {
        const wantedTls = (listen.smtpsPort ?? config.smtpTls.smtpsPort)!;
        smtpsPort = await listenOn('SMTPS_PORT', wantedTls, host, () => smtp.listenTls(wantedTls, host));
        logger.info({ port: smtpsPort, host }, `SMTPS (implicit TLS) listening on ${host}:${smtpsPort}`);
      }
      if (withWorkers) {
        sweeper = startSweeper({ db, config, logger });
        worker?.start();
      }
      return { port, smtpPort, smtpsPort };
    },
    stop() {
      stopping ??= (async () => {
        context.lifecycle.shuttingDown = true; // /ready answers 503: load balancers stop sending new requests
        // SMTP and HTTP stop accepting at once; the store outlives both and every worker.
        const background = (async () => {
          if (started) await smtp.close();
          // After SMTP: every message it acknowledged is queued; those being processed commit or stay queued.
          await intake.stop();
          await sweeper?.stop();
          await enqueuer?.stop();
          await worker?.stop();
        })();
        try {
          // Behind a balancer that keeps connections open (nginx's upstream keepalive), closing them from here
          // races a request being written on one: it fails, and nginx does not retry a POST on another instance.
          // So first drain: stop taking new connections at once (a refused connection is retried on another
          // instance for every method, since nothing was sent), keep answering on the open ones, each answer closing
          // its connection (operations plugin), until the balancer's idle connections have timed out on its side;
          // only then close what is left. Listening on through the drain let nginx open a connection per request
          // (each answer closed the last), and the one opened just before the end was closed under its request.
          // net.Server's close stops the listener only; http.Server's would also close every idle connection now.
          if (started && config.shutdownDrainMs > 0) {
            net.Server.prototype.close.call(app.server);
            await new Promise((r) => setTimeout(r, config.shutdownDrainMs));
          }
          await app.close();
        } finally {
          await background;
          await closeContext(context);
        }
      })();
      return stopping;
    },
  };
}
