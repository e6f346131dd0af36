import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { DomainError } from '../services/errors.js';

function emailOf(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
}

/**
 * Sign-up and log-in attempts, limited per email address (against guessing one account's password from many
 * addresses) and per client IP (against trying many accounts from one place). Both counters use
 * @fastify/rate-limit's store — in memory, or Redis when REDIS_URL is set — and every attempt counts, whether it
 * succeeds or not, whether the account exists or not, so the limit itself reveals nothing.
 */
export function loginAttemptLimiter(app: FastifyInstance, config: Config): (request: FastifyRequest) => Promise<void> {
  const { perEmail, perIp, windowMs } = config.dashboard.login;
  const limits = [
    { what: 'for this email address', check: app.createRateLimit({ max: perEmail, timeWindow: windowMs, keyGenerator: (req) => `login-email:${emailOf(req)}` }) },
    { what: 'from this IP address', check: app.createRateLimit({ max: perIp, timeWindow: windowMs, keyGenerator: (req) => `login-ip:${req.ip}` }) },
  ];
  return async (request) => {
    for (const { what, check } of limits) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        const err = new DomainError('rate_limited', `Too many sign-up or log-in attempts ${what}; retry in ${result.ttlInSeconds} s.`);
        // The error handler turns `ttl` into Retry-After, as for every other 429.
        throw Object.assign(err, { ttl: result.ttl });
      }
    }
  };
}
