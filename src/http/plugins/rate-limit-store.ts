import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';
import { redisLost } from '../../platform/redis.js';

// @fastify/rate-limit's own stores (its package has no exports map; these files are its documented stores).
const require = createRequire(import.meta.url);
type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void;
interface Store {
  incr(key: string, cb: Callback, timeWindow?: number, max?: number): void;
  child(routeOptions: unknown): Store;
}
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => Store;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key: string) => Store;

/**
 * A rate-limit store whose counters are per key and group, shared by every route: @fastify/rate-limit gives each
 * route a child store of its own (so a key would get the limit once per route and method); here a child is the
 * same store, and the key generators name the group (`<key id>:tools`, `<key id>:verify`, …). In memory, or in
 * Redis when one is configured, so every instance counts against the same allowance. While Redis is unreachable
 * each instance counts in its own memory (per-instance limits) rather than failing the request: the plugin would
 * turn a store error into a 500.
 */
export function groupedStore(redis: Redis | undefined, nameSpace: string): new () => Store {
  return class GroupedStore implements Store {
    private readonly local: Store = new LocalStore(false, false, 10_000);
    private readonly shared: Store | undefined = redis ? new RedisStore(false, false, redis, nameSpace) : undefined;
    // The plugin passes the window and the limit (its published types leave them out).
    incr(key: string, cb: Callback, timeWindow?: number, max?: number): void {
      // Connection lost: ioredis would queue the command until it reconnects; count here at once instead.
      if (!this.shared || !redis || redisLost(redis)) return this.local.incr(key, cb, timeWindow!, max!);
      this.shared.incr(key, (err, result) => (err ? this.local.incr(key, cb, timeWindow!, max!) : cb(null, result)), timeWindow!, max!);
    }
    child(): Store {
      return this;
    }
  };
}
