/**
 * @fastify/rate-limit's own stores, which its types leave out: the in-memory one (an LRU of
 * counters) and the Redis one (a Lua script per call). limits-store.ts puts one behind the other.
 */
declare module '@fastify/rate-limit/store/LocalStore.js' {
  import type { RateLimitStore } from './limits-store.ts';
  const LocalStore: new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => RateLimitStore;
  export default LocalStore;
}

declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { Redis } from 'ioredis';
  import type { RateLimitStore } from './limits-store.ts';
  const RedisStore: new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key?: string) => RateLimitStore;
  export default RedisStore;
}
