import type { Redis } from 'ioredis';
import { redisLost } from '../platform/redis.js';

/** RATE_LIMIT_INBOUND: how much mail one account may take in per window, counted per accepted recipient. */
export interface InboundLimiter {
  /** Counts one more message for the account; false when it is over the limit for this window. */
  take(accountId: string): Promise<boolean>;
}

/**
 * A fixed-window counter per account: in Redis when one is configured (shared by every instance's SMTP listener,
 * INCR and PEXPIRE in one MULTI), in memory otherwise — and in memory while Redis is unreachable, so mail is
 * still accepted (each instance then counts on its own) instead of refused with 451.
 */
export function createInboundLimiter(max: number, windowMs: number, redis?: Redis): InboundLimiter {
  const local = localLimiter(max, windowMs);
  if (!redis) return local;
  return {
    async take(accountId) {
      if (redisLost(redis)) return local.take(accountId);
      const window = Math.floor(Date.now() / windowMs);
      const key = `ephemail-inbound:${accountId}:${window}`;
      try {
        const results = await redis.multi().incr(key).pexpire(key, windowMs).exec();
        return Number(results?.[0]?.[1] ?? 0) <= max;
      } catch {
        return local.take(accountId);
      }
    },
  };
}

function localLimiter(max: number, windowMs: number): InboundLimiter {
  const counts = new Map<string, { window: number; n: number }>();
  return {
    async take(accountId) {
      const window = Math.floor(Date.now() / windowMs);
      const current = counts.get(accountId);
      const next = current && current.window === window ? { window, n: current.n + 1 } : { window, n: 1 };
      counts.set(accountId, next);
      if (counts.size > 100_000) for (const [id, c] of counts) if (c.window !== window) counts.delete(id);
      return next.n <= max;
    },
  };
}
