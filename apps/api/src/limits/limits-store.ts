// @fastify/rate-limit's stores have no types of their own; an import cannot bring in an ambient module declaration.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./rate-limit-stores.d.ts" />
/**
 * Where the rate limits count (@fastify/rate-limit's `store`): in Redis when REDIS_URL is set, so
 * that every instance counts against one limit and a restart forgets nothing. Whenever Redis does
 * not answer within DEADLINE_MS (down, unreachable, stuck), a call counts in this process's memory
 * instead: the limit then holds per instance, as it did before Redis, rather than not at all
 * (open) or for everyone (closed), and no request waits longer than the deadline for it.
 */
import { once } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';

/**
 * The longest a limit waits for Redis: it answers in well under a millisecond on the same network,
 * and a write checks two windows, so a stuck Redis adds at most a fifth of a second to it.
 */
const DEADLINE_MS = 100;
/** After Redis failed to answer, how long the limits count in memory before Redis is asked again. */
const REST_MS = 2_000;
/** How long a starting server waits for Redis before it serves with its limits in memory. */
const CONNECT_WAIT_MS = 2_000;
/** Before every key: a Redis shared with other applications keeps them apart. */
const KEY_PREFIX = 'wildalert:limits:';

type Counted = Parameters<FastifyRateLimitStore['incr']>[1];

/** What @fastify/rate-limit asks of a store: its types name `incr` and `child`; `read` serves `{ increment: false }`. */
interface RateLimitStore extends FastifyRateLimitStore {
  read(key: string, done: Counted, timeWindow: number, max: number): void;
}

/** Redis, or this process's memory when Redis does not answer in time. */
class FailoverStore implements RateLimitStore {
  private readonly local: RateLimitStore;

  constructor(
    private readonly shared: RateLimitStore,
    /** Clients remembered in memory, per limit. */
    private readonly cache: number,
    private readonly health: Health,
  ) {
    this.local = new LocalStore(false, false, cache);
  }

  incr(key: string, done: Counted, timeWindow: number, max: number): void {
    if (this.health.resting()) return this.local.incr(key, done, timeWindow, max);
    this.shared.incr(key, this.orLocally('incr', key, done, timeWindow, max), timeWindow, max);
  }

  read(key: string, done: Counted, timeWindow: number, max: number): void {
    if (this.health.resting()) return this.local.read(key, done, timeWindow, max);
    this.shared.read(key, this.orLocally('read', key, done, timeWindow, max), timeWindow, max);
  }

  /**
   * A limit of its own (createRateLimit): its own counters in memory; in Redis the same prefix,
   * as every limit's keyGenerator starts its keys with the limit's name.
   */
  child(): RateLimitStore {
    return new FailoverStore(this.shared, this.cache, this.health);
  }

  private orLocally(method: 'incr' | 'read', key: string, done: Counted, timeWindow: number, max: number): Counted {
    return (error, result) => {
      if (!error) {
        this.health.answered();
        done(null, result);
        return;
      }
      this.health.failed(error);
      this.local[method](key, done, timeWindow, max);
    };
  }
}

/**
 * Says once that Redis stopped answering, and once that it answers again. After a failure Redis
 * is left alone for REST_MS, so that a stuck Redis costs one request in REST_MS its deadline,
 * not every request.
 */
class Health {
  private failing = false;
  private restUntil = 0;
  constructor(private readonly log: FastifyBaseLogger) {}

  /** Whether to count in memory without asking Redis now. */
  resting(): boolean {
    return Date.now() < this.restUntil;
  }

  failed(error: Error): void {
    this.restUntil = Date.now() + REST_MS;
    if (this.failing) return;
    this.failing = true;
    this.log.warn({ err: error }, "Redis does not answer: rate limits count in this instance's memory until it does");
  }

  answered(): void {
    if (!this.failing) return;
    this.failing = false;
    this.log.info('Redis answers again: rate limits are shared again');
  }
}

export interface SharedLimits {
  /** For @fastify/rate-limit's `store` option: each limit's counters in Redis, or meanwhile in an LRU of `cache` clients. */
  store(cache: number): FastifyRateLimitStoreCtor;
  /** Closes the connection at once (nothing waits to be sent). */
  close(): void;
}

/**
 * Connects to the Redis at `url` (redis://, or rediss:// for TLS). Waits for it a little, so that
 * a restarted instance counts on from where its limits were; serves all the same when Redis is
 * not there, and keeps trying to reach it.
 */
export async function connectSharedLimits(url: string, log: FastifyBaseLogger): Promise<SharedLimits> {
  const health = new Health(log);
  const redis = new Redis(url, {
    // Every call's deadline, and no queue of calls waiting for a connection: without Redis a
    // call fails at once and counts in memory.
    commandTimeout: DEADLINE_MS,
    enableOfflineQueue: false,
    connectTimeout: CONNECT_WAIT_MS,
  });
  // Errors (a refused connection, each time it retries) are reported once, by health.
  redis.on('error', (error: Error) => health.failed(error));
  try {
    await once(redis, 'ready', { signal: AbortSignal.timeout(CONNECT_WAIT_MS) });
  } catch (error) {
    health.failed(error as Error);
  }
  const shared = new RedisStore(false, false, redis, KEY_PREFIX);
  return {
    store: (cache) =>
      class extends FailoverStore {
        constructor() {
          super(shared, cache, health);
        }
      },
    close: () => redis.disconnect(),
  };
}
