/**
 * @fastify/rate-limit's own stores, which its types leave out: the in-memory one (an LRU of
 * counters) and the Redis one (a Lua script per call). limits-store.ts puts one behind the other.
 */
declare module '@fastify/rate-limit/store/LocalStore.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';
  /** `read` counts nothing: what `createRateLimit(…)(request, { increment: false })` calls. */
  type Store = FastifyRateLimitStore & { read: FastifyRateLimitStore['incr'] };
  const LocalStore: new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => Store;
  export default LocalStore;
}

declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';
  import type { Redis } from 'ioredis';
  type Store = FastifyRateLimitStore & { read: FastifyRateLimitStore['incr'] };
  const RedisStore: new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key?: string) => Store;
  export default RedisStore;
}
