import type { Redis } from 'ioredis';
import { redisLost } from '../platform/redis.js';

/**
 * Failed SMTP AUTH attempts, counted in fixed windows per client IP and per user name *and* client IP
 * (RATE_LIMIT_SMTP_AUTH_IP, RATE_LIMIT_SMTP_AUTH): past either, that client's AUTH answers 454 without looking at the
 * credentials. Only failures count — an application that logs in on every connection never trips it — and nothing
 * counts per user name alone, so a stranger guessing a sandbox's password from elsewhere never locks out the
 * application that knows it. In Redis when one is configured (shared by every instance), in memory otherwise.
 */
export interface AuthFailureLimiter {
  /** True when this client may not try (again) for now. */
  blocked(ip: string, username: string): Promise<boolean>;
  /** Counts one failed attempt. */
  failed(ip: string, username: string): Promise<void>;
}

export function createAuthFailureLimiter(limits: { perIp: number; perUser: number; windowMs: number }, redis?: Redis): AuthFailureLimiter {
  const keys = (ip: string, username: string) => {
    const window = Math.floor(Date.now() / limits.windowMs);
    return { ip: `ephemail-smtp-auth-ip:${ip}:${window}`, pair: `ephemail-smtp-auth:${username.toLowerCase()}:${ip}:${window}` };
  };
  const local = localLimiter(limits, keys);
  if (!redis) return local;
  // While Redis is lost, each instance counts in its own memory (src/platform/redis.ts): AUTH keeps working.
  return {
    async blocked(ip, username) {
      if (redisLost(redis)) return local.blocked(ip, username);
      const k = keys(ip, username);
      try {
        const [byIp, byPair] = await redis.mget(k.ip, k.pair);
        return Number(byIp ?? 0) >= limits.perIp || Number(byPair ?? 0) >= limits.perUser;
      } catch {
        return local.blocked(ip, username);
      }
    },
    async failed(ip, username) {
      if (redisLost(redis)) return local.failed(ip, username);
      const k = keys(ip, username);
      try {
        await redis.multi().incr(k.ip).pexpire(k.ip, limits.windowMs).incr(k.pair).pexpire(k.pair, limits.windowMs).exec();
      } catch {
        await local.failed(ip, username);
      }
    },
  };
}

function localLimiter(limits: { perIp: number; perUser: number; windowMs: number }, keys: (ip: string, username: string) => { ip: string; pair: string }): AuthFailureLimiter {
  const counts = new Map<string, number>();
  let window = Math.floor(Date.now() / limits.windowMs);
  const roll = () => {
    const now = Math.floor(Date.now() / limits.windowMs);
    if (now !== window) {
      counts.clear();
      window = now;
    }
  };
  return {
    async blocked(ip, username) {
      roll();
      const k = keys(ip, username);
      return (counts.get(k.ip) ?? 0) >= limits.perIp || (counts.get(k.pair) ?? 0) >= limits.perUser;
    },
    async failed(ip, username) {
      roll();
      const k = keys(ip, username);
      counts.set(k.ip, (counts.get(k.ip) ?? 0) + 1);
      counts.set(k.pair, (counts.get(k.pair) ?? 0) + 1);
    },
  };
}
