import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Redis } from 'ioredis';
import type { Config } from '../config.js';
import { openDatabase } from '../db/database.js';
import type { Deps } from '../context.js';
import { handlers } from '../handlers/index.js';
import { DomainError } from '../platform/errors.js';
import { startEventFeed } from '../platform/events/feed.js';
import { createMetrics } from '../platform/metrics.js';
import { errorBody, installErrorHandlers, methodsByPath } from './plugins/errors.js';
import { registerSpecRoutes } from './spec/routes.js';
import { loadSpec } from './spec/spec.js';
import { validatorCompiler } from './spec/validation.js';
import { KeyAuthenticator } from '../identity/keys.js';
import { SessionAuthenticator } from '../identity/sessions.js';
import { UsageRecorder } from '../platform/usage.js';
import { installUsageRecording } from './plugins/usage.js';
import { installOperations } from './plugins/operations.js';
import { RequestLog } from './request-log.js';
import { groupedStore } from './plugins/rate-limit-store.js';
import { registerDashboardWeb } from './plugins/web.js';
import { createDnsResolver } from '../platform/dns.js';
import { PROJECT_ROOT } from '../platform/project-root.js';

const pkg = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string };

/** The shared Redis connection (rate limits, /ready). Its errors are reported by those; they must not end the process. */
function sharedRedis(url: string): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true });
  redis.on('error', () => undefined);
  return redis;
}

/** Opens the store and builds everything handlers need. Tests build their own or override parts. */
export async function createDeps(config: Config, overrides: Partial<Deps> = {}): Promise<Deps> {
  const database = overrides.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, sqliteStatementCache: config.sqliteStatementCache }));
  // One resolver (DNS_SERVERS, VERIFY_TIMEOUT_MS) serves verify's MX lookups and custom-domain checks alike.
  const dns = overrides.dns ?? createDnsResolver(config.dnsServers, config.verify.timeoutMs);
  const events =
    overrides.events ?? (await startEventFeed({ db: database.db, databaseUrl: config.databaseUrl, redisUrl: config.redisUrl, pollMs: config.eventPollMs }));
  return {
    config,
    database,
    spec: overrides.spec ?? (await loadSpec()),
    keys: overrides.keys ?? new KeyAuthenticator(database.db, events),
    sessions: overrides.sessions ?? new SessionAuthenticator(database.db, config.dashboard.sessionTtlSeconds),
    usage: overrides.usage ?? new UsageRecorder(database.db),
    dns,
    redis: 'redis' in overrides ? overrides.redis : config.redisUrl ? sharedRedis(config.redisUrl) : undefined,
    metrics: overrides.metrics ?? createMetrics(),
    lifecycle: overrides.lifecycle ?? { shuttingDown: false },
    events,
    version: pkg.version,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    openStreams: Set<() => void>;
  }
}

export interface AppOptions {
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
  /** The built dashboard (index.html + assets/); dist/web by default. */
  webRoot?: string;
  /** Awaited when the app closes, before usage is flushed and the store closed (the server's SMTP and workers). */
  beforeStoreCloses?: () => Promise<void>;
}

/** The HTTP application: plugins → routes from the spec → error and 404 handlers. It does not listen. */
export async function buildApp(deps: Deps, options: AppOptions = {}): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) },
    // One line per request, with credentials taken out of the URL (src/http/request-log.ts).
    logController: new RequestLog(),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    // Query strings like ?a=1&a=2 reach validation as arrays; everything else as text for Ajv to coerce.
    // Path parameters as long as the spec allows (addresses up to 254 characters, domains 253), percent-encoded
    // three bytes a character at worst: Fastify's default of 100 would make long addresses unreachable.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1024 },
    // What Fastify and Node answer before a route runs (bad percent-encoding, a broken request line or header) is
    // in the error envelope too.
    frameworkErrors: (error, _request, reply) => {
      const raw = reply as unknown as FastifyReply;
      raw.code(400).type('application/json; charset=utf-8').send(errorBody('validation_error', `The request could not be read: ${error.message}`));
    },
    clientErrorHandler: (err, socket) => {
      if (!socket.writable) return socket.destroy(err);
      const body = JSON.stringify(errorBody('validation_error', 'The request could not be read (malformed request line or header).'));
      socket.end(`HTTP/1.1 400 Bad Request\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  // JSON only: a text/plain body is a 415, not a string that later fails validation.
  app.removeContentTypeParser('text/plain');
  // An empty body labelled JSON counts as no body (operations whose body is optional accept it; the others say
  // the body is required), instead of failing as malformed JSON. Everything else goes to Fastify's safe parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // An operation that takes no body ignores one, whatever it holds, as it does bodies of any other type below.
    if (!request.routeOptions.config.takesBody) return done(null, undefined);
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    return parseJson(request, body as string, done);
  });
  // Any other media type: 415 for an operation that takes a (JSON) body; read and ignored for one that takes none,
  // as its spec promises nothing about bodies.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (request, _body, done) => {
    if (!request.routeOptions.config.takesBody) return done(null, undefined);
    done(Object.assign(new Error(`Unsupported media type ${request.headers['content-type'] ?? ''}: send application/json.`), { statusCode: 415 }));
  });
  installErrorHandlers(app, methodsByPath(deps.spec.operations));
  // Hijacked long-lived replies (SSE) register here; they would otherwise hold app.close() open.
  app.decorate('openStreams', new Set<() => void>());
  app.addHook('preClose', async () => {
    for (const end of app.openStreams) end();
  });

  const redis = deps.redis;
  if (redis) app.addHook('onClose', async () => void redis.disconnect());
  await app.register(rateLimit, {
    global: false,
    store: groupedStore(redis, 'ephemail-rl:'),
    errorResponseBuilder: (req, ctx) => {
      const who = req.session ? 'account' : 'key';
      const err = new DomainError('rate_limited', `Rate limit of ${ctx.max} requests per ${ctx.after === '1 minute' ? 'minute' : ctx.after} exceeded for this ${who}; retry in ${Math.ceil(ctx.ttl / 1000)} s.`);
      return Object.assign(err, { statusCode: ctx.statusCode, ttl: ctx.ttl });
    },
  });
  // @fastify/rate-limit reports the reset as seconds from now; the API promises Unix time.
  app.addHook('onSend', async (_req, reply, payload) => {
    const reset = reply.getHeader('x-ratelimit-reset');
    if (reset !== undefined) reply.header('x-ratelimit-reset', Math.floor(Date.now() / 1000) + Number(reset));
    return payload;
  });

  await app.register(swagger, { mode: 'static', specification: { document: deps.spec.document as never } });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { deepLinking: true, persistAuthorization: true } });

  // Cookies (the dashboard's session) are parsed before any route's hooks run.
  await app.register(cookie);
  installUsageRecording(app, deps);
  await installOperations(app, deps);
  registerSpecRoutes(app, deps, handlers);
  await registerDashboardWeb(app, options.webRoot);
  app.addHook('onClose', async () => {
    await options.beforeStoreCloses?.();
    // Pending usage counts are written while the store is still open.
    await deps.usage.stop();
    await deps.events.close();
    await deps.database.close();
  });
  return app;
}
