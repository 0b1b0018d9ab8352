/**
 * Rate limits (docs/architecture.md, "The server"), counted by `rate-limiter-flexible` in fixed windows: in this
 * process's memory by default, or in Redis when REDIS_URL is set, so that every instance of a fleet counts against
 * one limit (N instances must not allow N times the limit). While Redis cannot be reached each instance counts in
 * its own memory (the library's insurance limiter) rather than refusing everyone or letting everyone through.
 */
import type { Redis } from 'ioredis';
import { ApiFailure, ErrorCode } from './api-failure';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface RateLimit {
  /** Requests allowed per window, per key (a call's: per signed-in user, or per address when not signed in). */
  max: number;
  windowMs: number;
  /**
   * What the limit counts under; every route or call that names the same one shares its count (a share code looked up
   * by its link or by a call). Default: the call's path.
   */
  name?: string;
  /** A signed-in caller is counted by their address as well as by their account: accounts on one address share it. */
  perAddress?: true;
}

/** Who a request counts for: the signed-in user (null when signed out) and the client's address. */
export interface Requester {
  userId: string | null;
  ip: string;
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

  /**
   * Counts one request of `who` against `limit` under `name`: per account when signed in, per address when not (and
   * per address too where the limit says so); false when any of them is used up.
   */
  async allowRequester(name: string, limit: RateLimit, who: Requester): Promise<boolean> {
    const keys = who.userId ? [`${name}:u:${who.userId}`, ...(limit.perAddress ? [`${name}:a:${who.ip}`] : [])] : [`${name}:a:${who.ip}`];
    const allowed = await Promise.all(keys.map((key) => this.allow(key, limit)));
    return allowed.every(Boolean);
  }

  /** One limiter a limit: the library counts a window per limiter (its points and duration). */
  private limiterFor(limit: RateLimit): RateLimiterAbstract {
    const name = `${limit.max}/${limit.windowMs}`;
    let limiter = this.limiters.get(name);
    if (!limiter) {
      const options = { points: limit.max, duration: limit.windowMs / 1000, keyPrefix: `${this.prefix}:rl:${name}` };
      limiter = this.redis
        ? new RateLimiterRedis({ ...options, storeClient: this.redis, insuranceLimiter: new RateLimiterMemory(options) })
        : new RateLimiterMemory(options);
      this.limiters.set(name, limiter);
    }
    return limiter;
  }
}

/** 4029 once the requester has used up `limit` (a call's own, or one a handler checks for part of what it does). */
export async function refuseOverLimit(limiter: RateLimiter, name: string, limit: RateLimit, who: Requester): Promise<void> {
  if (!(await limiter.allowRequester(name, limit, who))) throw new ApiFailure(ErrorCode.TooManyRequests, '操作过于频繁，请稍后再试');
}

/**
 * The Redis client of REDIS_URL for the shared limits, connected (or null without REDIS_URL). Its errors are logged,
 * never thrown: a Redis that is down at the start is connected to once it is up, and counts are this instance's
 * own until then.
 */
export async function rateLimitRedis(url: string | undefined, onError: (error: Error) => void): Promise<Redis | null> {
  if (!url) return null;
  // Loaded only here: an instance without REDIS_URL starts without the client library.
  const { Redis } = await import('ioredis');
  // No offline queue: while Redis is away a count fails at once and the insurance limiter counts instead.
  const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: true });
  client.on('error', onError);
  await client.connect().catch(onError);
  return client;
}
