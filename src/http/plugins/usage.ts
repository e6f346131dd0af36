import fp from 'fastify-plugin';
import type { HttpContext } from '../spec/handler.js';

/**
 * Counts every keyed request once it has been answered: `request.caller` is set by the security hook only after a
 * valid key was presented, so unkeyed calls, bad keys and dashboard (session) calls are not counted. A 429 from the
 * rate limiter is thrown after authentication, so it is counted too, as `rate_limited`. Recording is an in-memory
 * increment; the database sees one batched write every few seconds.
 */
export const usagePlugin = fp<{ context: HttpContext }>(
  async (app, { context: deps }) => {
    deps.usage.start((err) => app.log.error({ err }, 'usage counts could not be written; they are kept for the next flush'));
    app.addHook('onResponse', (request, reply, done) => {
      const operationId = request.routeOptions.config?.operationId;
      if (request.caller?.kind === 'key' && operationId) deps.usage.record(request.caller.key.id, operationId, reply.statusCode === 429);
      done();
    });
  },
  { name: 'ephemail-usage', dependencies: ['ephemail-security'] },
);
