/**
 * Rate limits (docs/architecture.md, "The server"), counted by `rate-limiter-flexible` in fixed windows: in this
 * process's memory by default, or in Redis when REDIS_URL is set, so that every instance of a fleet counts against
 * one limit (N instances must not allow N times the limit). While Redis cannot be reached each instance counts in
 * its own memory (the library's insurance limiter) rather than refusing everyone or letting everyone through.
 */
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface RateLimit {
  /** Requests allowed per window, per key (a call's: per signed-in user, or per address when not signed in). */
  max: number;
  windowMs: number;
}

export class RateLimiter {
  private readonly limiters = new Map<string, RateLimiterAbstract>();

  /** `redis`: the shared counter's client (null: this process's memory only), its keys under `prefix`. */
  constructor(
    private readonly redis: Redis | null = null,
    private readonly prefix = 'yst',
  ) {}

  /** Counts one request of `key` against `limit`; false once the window's allowance is used up. */
  async allow(key: string, limit: RateLimit): Promise<boolean> {
    try {
      await this.limiterFor(limit).consume(key);
      return true;
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return false;
      throw refusal;
    }
  }

  /** One limiter a limit: the library counts a window per limiter (its points and duration). */
  private limiterFor(limit: RateLimit): RateLimiterAbstract {
    const name = `${limit.max}/${limit.windowMs}`;
    let limiter = this.limiters.get(name);
    if (!limiter) {
      const options = { points: limit.max, duration: limit.windowMs / 1000, keyPrefix: `${this.prefix}:rl:${name}` };
      limiter = this.redis ? new RateLimiterRedis({ ...options, storeClient: this.redis, insuranceLimiter: new RateLimiterMemory(options) }) : new RateLimiterMemory(options);
      this.limiters.set(name, limiter);
    }
    return limiter;
  }
}

/**
 * The Redis client of REDIS_URL for the shared limits, connected (or null without REDIS_URL). Its errors are logged,
 * never thrown: a Redis that is down at the start is connected to once it is up, and counts are this instance's
 * own until then.
 */
export async function rateLimitRedis(url: string | undefined, onError: (error: Error) => void): Promise<Redis | null> {
  if (!url) return null;
  // No offline queue: while Redis is away a count fails at once and the insurance limiter counts instead.
  const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: true });
  client.on('error', onError);
  await client.connect().catch(onError);
  return client;
}
