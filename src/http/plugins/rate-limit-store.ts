import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';

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
 * Redis when one is configured, so every instance counts against the same allowance.
 */
export function groupedStore(redis: Redis | undefined, nameSpace: string): new () => Store {
  return class GroupedStore implements Store {
    private readonly inner: Store = redis ? new RedisStore(false, false, redis, nameSpace) : new LocalStore(false, false, 10_000);
    // The plugin passes the window and the limit (its published types leave them out).
    incr(key: string, cb: Callback, timeWindow?: number, max?: number): void {
      this.inner.incr(key, cb, timeWindow!, max!);
    }
    child(): Store {
      return this;
    }
  };
}
