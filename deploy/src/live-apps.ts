/**
 * What the server needs from the registry on every request: the live version of each app and the `/remotes.json`
 * document. A release or a rollback takes effect on the next request with no server restart: the registry file is
 * re-read whenever it changes on disk; a registry in PostgreSQL (DATABASE_URL) is re-read when its revision has
 * changed, which each instance checks at most every REVISION_CHECK_MS while it is asked — so a request that comes
 * REVISION_CHECK_MS after a change is committed gets it, or shares the one check then under way, and the next gets it.
 */
import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import pg from 'pg';
import { versionFor, type Viewer } from './canary-audience';
import { readRegistryFile, registryDatabaseUrl, registryFile, type Registry } from './registry';
import { readStoredRegistry, storedRevision } from './registry-database';

export interface RemotesDocument {
  [remote: string]: { version: string; entry: string; prefixes: string[] };
}

/** How stale an instance's registry may be, at most, with the registry in the database. */
export const REVISION_CHECK_MS = 500;

interface Cached {
  /** The file's identity, or the row's revision. */
  stamp: string;
  registry: Registry;
  /** When the check that read or confirmed it was sent. */
  checkedAt: number;
}

export class LiveApps {
  private cached: Cached | undefined;
  private checking: Promise<Registry> | null = null;
  private pool: pg.Pool | null = null;

  constructor(
    readonly storeDir: string,
    /** The registry's database (null: the store's registry.json). */
    readonly databaseUrl = registryDatabaseUrl(),
    /** The clock the revision checks are spaced by (tests pass one they move). */
    private readonly now: () => number = Date.now,
  ) {}

  async registry(): Promise<Registry> {
    if (!this.databaseUrl) return this.fileRegistry();
    const cached = this.cached;
    if (cached && this.now() - cached.checkedAt < REVISION_CHECK_MS) return cached.registry;
    // One check at a time: the requests of a moment share it. While the database cannot be reached, what was read
    // last is served (the server's readiness says the database is down).
    this.checking ??= this.storedRegistry(this.databaseUrl, this.now())
      .catch((error: unknown) => {
        if (this.cached) return this.cached.registry;
        throw error;
      })
      .finally(() => (this.checking = null));
    return this.checking;
  }

  /** Ends the connection to the database registry (the server's close). */
  async close(): Promise<void> {
    await this.pool?.end();
    this.pool = null;
  }

  private async fileRegistry(): Promise<Registry> {
    let info: Stats;
    try {
      info = await stat(registryFile(this.storeDir));
    } catch {
      return { apps: {}, history: [] };
    }
    // Every update renames a new file into place, so a new inode means a new registry.
    const stamp = `${info.ino}:${info.mtimeMs}`;
    if (this.cached?.stamp !== stamp) this.cached = { stamp, registry: await readRegistryFile(this.storeDir), checkedAt: this.now() };
    return this.cached.registry;
  }

  /**
   * The revision's age counts from when its check was sent (`sentAt`), not from its answer: a slow answer on a busy
   * machine must not lengthen how long a change can go unseen.
   */
  private async storedRegistry(url: string, sentAt: number): Promise<Registry> {
    if (!this.pool) {
      this.pool = new pg.Pool({
        connectionString: url,
        max: 1,
        idleTimeoutMillis: 10_000,
        allowExitOnIdle: true,
        application_name: 'release-registry',
        connectionTimeoutMillis: 5_000,
      });
      // A connection the database cut while idle is replaced at the next check; unheard, its error would end the process.
      this.pool.on('error', () => {});
    }
    const client = await this.pool.connect();
    try {
      const revision = this.cached ? await storedRevision(client) : -1;
      if (!this.cached || String(revision) !== this.cached.stamp) {
        const stored = await readStoredRegistry(client, url, () => readRegistryFile(this.storeDir));
        this.cached = { stamp: String(stored.revision), registry: stored.registry, checkedAt: sentAt };
      } else {
        this.cached.checkedAt = sentAt;
      }
      return this.cached.registry;
    } finally {
      client.release();
    }
  }

  async liveVersion(app: string): Promise<string | null> {
    return (await this.registry()).apps[app]?.live ?? null;
  }

  /** The remotes live for this viewer: a running canary's version for its audience, the live one for the rest. */
  async remotesDocument(viewer: Viewer | null = null): Promise<RemotesDocument> {
    const registry = await this.registry();
    const document: RemotesDocument = {};
    for (const [name, state] of Object.entries(registry.apps)) {
      const version = versionFor(state, viewer);
      if (name === 'host' || !version) continue;
      const released = state.versions[version];
      document[name] = {
        version,
        entry: `/remotes/${name}/${version}/mf-manifest.json`,
        prefixes: released?.prefixes ?? [],
      };
    }
    return document;
  }
}
