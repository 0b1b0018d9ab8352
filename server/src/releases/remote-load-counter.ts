/**
 * Counts remote loads (a version's mf-manifest.json served) into the database, per app, version and minute
 * (`remote_loads`), for the failure rates of canaries (README, "Canary releases"). Loads are summed in memory and
 * written every FLUSH_MS as one upsert of every key that changed (never a write per request); a write that fails (the
 * database away) is kept and added to the next one. The server's close writes what is left.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { remoteLoads } from '../db/schema';

export const FLUSH_MS = 2_000;

interface Pending {
  app: string;
  version: string;
  minute: Date;
  count: number;
}

export class RemoteLoadCounter {
  private pending = new Map<string, Pending>();
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly onError: (error: unknown) => void,
    private readonly flushMs = FLUSH_MS,
  ) {}

  count(app: string, version: string, at = new Date()): void {
    this.add({ app, version, minute: new Date(Math.floor(at.getTime() / 60_000) * 60_000), count: 1 });
    this.schedule();
  }

  private schedule(): void {
    this.timer ??= setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.flushMs).unref();
  }

  /** Writes what was counted so far (after any write under way). */
  flush(): Promise<void> {
    this.writing = this.writing.then(() => this.write());
    return this.writing;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }

  private add(load: Pending): void {
    const key = `${load.app}\u0000${load.version}\u0000${load.minute.getTime()}`;
    const held = this.pending.get(key);
    if (held) held.count += load.count;
    else this.pending.set(key, { ...load });
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    try {
      await this.db
        .insert(remoteLoads)
        .values(batch)
        .onConflictDoUpdate({ target: [remoteLoads.app, remoteLoads.version, remoteLoads.minute], set: { count: sql`${remoteLoads.count} + excluded.count` } });
    } catch (error) {
      for (const load of batch) this.add(load);
      this.onError(error);
      if (!this.closed) this.schedule();
    }
  }
}
