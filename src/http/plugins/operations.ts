import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import underPressure from '@fastify/under-pressure';
import type { HttpContext } from '../spec/handler.js';
import { lastEventId, readIdCursor } from '../../db/events.js';
import { WEBHOOK_CURSOR } from '../../webhooks/enqueuer.js';
import { errorBody } from './errors.js';
import { ProviderError, renderProviderError } from '../../mail/providers/errors.js';

/**
 * Operating the service: request metrics by operationId, the event-log lag gauge, and overload protection
 * (@fastify/under-pressure) that answers 503 `service_unavailable` with `Retry-After` instead of falling over.
 */
/** How often under-pressure samples the event loop delay (the mean over the interval) and the memory. */
const SAMPLE_MS = 500;

async function installOperations(app: FastifyInstance, deps: HttpContext): Promise<void> {
  const { metrics, config } = deps;
  // Synchronous, with one frozen label set per operation, method and status, made at its first request: building
  // the labels and awaiting an async hook on every request cost more than counting (BENCHMARKS.md).
  const labelSets = new Map<string, Readonly<Record<'operation' | 'method' | 'status', string>>>();
  app.addHook('onResponse', (request, reply, done) => {
    const operation = request.routeOptions.config.operationId ?? 'none';
    const key = `${operation} ${request.method} ${reply.statusCode}`;
    let labels = labelSets.get(key);
    if (labels === undefined) labelSets.set(key, (labels = Object.freeze({ operation, method: request.method, status: String(reply.statusCode) })));
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
  // Draining (SIGTERM with SHUTDOWN_DRAIN_MS): every answer closes its connection, so a balancer's kept-alive
  // connections end after a response, never while it writes the next request on one.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (deps.lifecycle.shuttingDown) reply.header('connection', 'close');
    done(null, payload);
  });
  metrics.onCollect(async () => {
    const newest = await lastEventId(deps.database.db);
    metrics.eventLogLag.set({ consumer: 'feed' }, Math.max(0, newest - deps.events.position()));
    metrics.eventLogLag.set({ consumer: 'webhooks' }, Math.max(0, newest - ((await readIdCursor(deps.database.db, WEBHOOK_CURSOR)) ?? 0)));
  });

  const { maxEventLoopDelayMs, maxRssBytes, retryAfterSeconds } = config.overload;
  // Start-up is not overload: loading the spec, compiling validators and opening the store block the event loop
  // for seconds on a busy machine, and under-pressure's first samples after the listener opens still average that
  // block in. Its samples are means over SAMPLE_MS, so two of them after listening no longer hold any of it.
  let listenedAt = Number.NEGATIVE_INFINITY; // no grace for an app that never listens (app.inject)
  app.addHook('onListen', async () => {
    listenedAt = Date.now();
  });
  const startingUp = () => Date.now() - listenedAt < 2 * SAMPLE_MS;
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    maxRssBytes,
    sampleInterval: SAMPLE_MS,
    // under-pressure sends what the handler returns and lets the request through when it returns nothing (its
    // types say void, hence the cast).
    pressureHandler: ((request: FastifyRequest, reply: FastifyReply, type: string) => {
      // Operations the spec marks `x-under-pressure: exempt` (getHealth, getMetrics) are always answered.
      if (request.routeOptions.config.underPressureExempt) return undefined;
      if (type === 'eventLoopDelay' && startingUp()) return undefined;
      const what = type === 'eventLoopDelay' ? 'its event loop is behind' : type === 'rssBytes' ? 'it is using too much memory' : 'it is under pressure';
      const message = `The server is overloaded (${what}); retry in ${retryAfterSeconds} s.`;
      const provider = request.routeOptions.config.provider;
      if (provider) {
        // A provider API answers in its provider's shape (src/mail/providers/errors.ts).
        const failure = new ProviderError('unavailable', message, { retryAfter: retryAfterSeconds });
        const rendered = renderProviderError(provider, failure, request.routeOptions.config.providerProtocol, request.id);
        reply.code(rendered.status).headers(rendered.headers).type(rendered.type);
        return rendered.body;
      }
      reply.code(503).header('retry-after', String(retryAfterSeconds)).type('application/json; charset=utf-8');
      return errorBody('service_unavailable', message);
    }) as unknown as (request: FastifyRequest, reply: FastifyReply, type: string) => void,
  });
}

export const operationsPlugin = fp<{ context: HttpContext }>(async (app, { context }) => installOperations(app, context), { name: 'ephemail-operations' });
