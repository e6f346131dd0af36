import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import fp from 'fastify-plugin';
import { DomainError } from '../../platform/errors.js';
import { groupedStore } from './rate-limit-store.js';

/**
 * @fastify/rate-limit, off by default: each operation's limit comes from its `x-rate-limit` group (src/http/spec/
 * routes.ts), counted in Redis when REDIS_URL is set so every instance shares one window, in memory otherwise.
 */
export const rateLimitsPlugin = fp<{ redis: Redis | undefined }>(
  async (app, { redis }) => {
    await app.register(rateLimit, {
      global: false,
      store: groupedStore(redis, 'ephemail-rl:'),
      errorResponseBuilder: (req, ctx) => {
        const who = req.caller?.kind === 'session' ? 'account' : 'key';
        const err = new DomainError('rate_limited', `Rate limit of ${ctx.max} requests per ${ctx.after === '1 minute' ? 'minute' : ctx.after} exceeded for this ${who}; retry in ${Math.ceil(ctx.ttl / 1000)} s.`);
        return Object.assign(err, { statusCode: ctx.statusCode, ttl: ctx.ttl });
      },
    });
    // @fastify/rate-limit reports the reset as seconds from now; the API promises Unix time.
    app.addHook('onSend', (_req, reply, payload, done) => {
      const reset = reply.getHeader('x-ratelimit-reset');
      if (reset !== undefined) reply.header('x-ratelimit-reset', Math.floor(Date.now() / 1000) + Number(reset));
      done(null, payload);
    });
  },
  { name: 'ephemail-rate-limits', dependencies: ['ephemail-security'] },
);
