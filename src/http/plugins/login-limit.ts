import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { DomainError } from '../../platform/errors.js';

function emailOf(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
}

/**
 * Sign-up and log-in attempts, throttled without handing strangers a way to lock an owner out:
 * - per email address *and* client IP (RATE_LIMIT_LOGIN): one client guessing one account's password stops there,
 *   but that does not stop the owner, who logs in from somewhere else;
 * - per client IP (RATE_LIMIT_LOGIN_IP): one client trying many accounts;
 * - per email address from every client (RATE_LIMIT_LOGIN_ACCOUNT): a guesser spread over many addresses. Past it,
 *   only a client's first attempt for that email in the window is looked at, so each address of a distributed
 *   guesser gets one guess per window while the owner, arriving fresh, still gets in.
 * The counters use @fastify/rate-limit's store (in memory, or Redis when REDIS_URL is set). Every attempt counts,
 * right or wrong, existing account or not, so the limits reveal nothing.
 */
export function loginAttemptLimiter(app: FastifyInstance, config: Config): (request: FastifyRequest) => Promise<void> {
  const { perEmail, perIp, perAccount, windowMs } = config.dashboard.login;
  const pair = app.createRateLimit({ max: perEmail, timeWindow: windowMs, keyGenerator: (req) => `login-pair:${emailOf(req)}:${req.ip}` });
  const ip = app.createRateLimit({ max: perIp, timeWindow: windowMs, keyGenerator: (req) => `login-ip:${req.ip}` });
  const account = app.createRateLimit({ max: perAccount, timeWindow: windowMs, keyGenerator: (req) => `login-email:${emailOf(req)}` });
  const refuse = (what: string, result: { ttl: number; ttlInSeconds: number }) => {
    const err = new DomainError('rate_limited', `Too many sign-up or log-in attempts ${what}; retry in ${result.ttlInSeconds} s.`);
    // The error handler turns `ttl` into Retry-After, as for every other 429.
    return Object.assign(err, { ttl: result.ttl });
  };
  return async (request) => {
    const fromHere = await pair(request);
    if (!fromHere.isAllowed && fromHere.isExceeded) throw refuse('for this email address from this client', fromHere);
    const fromIp = await ip(request);
    if (!fromIp.isAllowed && fromIp.isExceeded) throw refuse('from this IP address', fromIp);
    const overall = await account(request);
    const firstFromHere = !('remaining' in fromHere) || fromHere.remaining === perEmail - 1;
    if (!overall.isAllowed && overall.isExceeded && !firstFromHere) throw refuse('for this email address', overall);
  };
}
