import type { Redis } from 'ioredis';

/**
 * Whether a Redis connection is known to be lost (it was connected and is reconnecting, or it ended): shared
 * counters then count in this instance's memory instead of waiting for Redis or failing. A connection still being
 * opened at start is not lost: its first commands wait for it (ioredis queues them) and fall back only if they
 * fail, so an instance that has just started shares its counters from the first request.
 */
export function redisLost(redis: Redis): boolean {
  return redis.status === 'reconnecting' || redis.status === 'end' || redis.status === 'close';
}
