/** A fixed-window counter per key, in memory (per server instance; a shared store would be Redis or PostgreSQL). */
export class RateLimiter {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  allow(key: string, limit: { max: number; windowMs: number }, now = Date.now()): boolean {
    const window = this.windows.get(key);
    if (!window || now - window.startedAt >= limit.windowMs) {
      if (this.windows.size > 10_000) this.prune(now, limit.windowMs);
      this.windows.set(key, { startedAt: now, count: 1 });
      return true;
    }
    window.count += 1;
    return window.count <= limit.max;
  }

  private prune(now: number, windowMs: number): void {
    for (const [key, window] of this.windows) if (now - window.startedAt >= windowMs) this.windows.delete(key);
  }
}
