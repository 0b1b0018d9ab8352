/**
 * The registry of the release store: for each app the released versions and the live one, plus the history of every
 * release and rollback. With DATABASE_URL it is a row of that PostgreSQL database, shared by every server instance
 * (registry-database.ts). Otherwise it is one JSON file in the store, changed only under a lock and replaced
 * atomically (write, then rename), so two releases or rollbacks running at once never corrupt it and a reader never
 * sees half a file.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';
import { readStoredRegistry, updateStoredRegistry, withRegistryConnection } from './registry-database';

export interface ReleasedVersion {
  version: string;
  /** When the files were put into the store. */
  releasedAt: string;
  /** Path prefixes a remote owns in this version. */
  prefixes: string[];
  /** Hash of the sources it was built from (warns when sources change without a version bump). */
  sourceHash: string;
  /**
   * Digest of the released files (`contentHash` of build-app.ts): releasing the version again with a build of the same
   * digest changes nothing, another is refused. Absent for versions released before it was recorded: their folder in
   * the store is hashed instead.
   */
  contentHash?: string;
  /** Released past a failed compatibility check. */
  forced?: boolean;
}

export interface AppState {
  live: string | null;
  versions: Record<string, ReleasedVersion>;
  /**
   * A canary release (docs/operations.md, "Canary releases"): `version` is live only for its audience, `live` stays
   * live for everyone else. Absent when none runs (and in every registry written before canaries existed).
   */
  canary?: Canary;
}

export interface Canary {
  version: string;
  audience: CanaryAudience;
  /** When the canary started (its failure rate is counted from then). */
  since: string;
}

/** Who gets a canary: a share of users by bucket (percent, 1–99, at most one decimal), or the test users only. */
export type CanaryAudience = { kind: 'share'; percent: number } | { kind: 'test-users' };

export interface HistoryEntry {
  at: string;
  /**
   * release: a version was released (live for all, or with `canary` for that audience only); promote: the canary
   * became live for all; rollback: an earlier version made live again, or with `endedCanary` a canary ended (everyone
   * back on `version`, the live one; `previous` is the canary's version).
   */
  action: 'release' | 'rollback' | 'promote';
  app: string;
  version: string;
  /** The version that was live before. */
  previous: string | null;
  forced?: boolean;
  /** A release as a canary, for this audience. */
  canary?: CanaryAudience;
  /** A rollback that ended a canary rather than the live version. */
  endedCanary?: true;
  /** Why (an automatic rollback says what it measured). */
  reason?: string;
}

export interface Registry {
  apps: Record<string, AppState>;
  history: HistoryEntry[];
}

export function registryFile(storeDir: string): string {
  return join(storeDir, 'registry.json');
}

export function emptyRegistry(): Registry {
  return { apps: {}, history: [] };
}

/**
 * Where the registry lives: in the PostgreSQL database of DATABASE_URL, shared by every server instance and the CLI
 * (registry-database.ts), or without it in the store's registry.json (PGlite: one process).
 */
export function registryDatabaseUrl(): string | null {
  const url = process.env.DATABASE_URL;
  return url ? url : null;
}

export async function readRegistry(storeDir: string, databaseUrl = registryDatabaseUrl()): Promise<Registry> {
  if (databaseUrl)
    return withRegistryConnection(
      databaseUrl,
      async (client) => (await readStoredRegistry(client, databaseUrl, () => readRegistryFile(storeDir))).registry,
    );
  return readRegistryFile(storeDir);
}

/** The store's registry.json (empty when there is none). */
export async function readRegistryFile(storeDir: string): Promise<Registry> {
  try {
    return JSON.parse(await readFile(registryFile(storeDir), 'utf8')) as Registry;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return emptyRegistry();
    throw error;
  }
}

/**
 * Read-modify-write of the registry under an exclusive lock (across processes). `change` may throw to abort: the
 * registry is then left as it was. A change that changes nothing writes nothing (the server sees no new registry).
 */
export async function updateRegistry<T>(
  storeDir: string,
  change: (registry: Registry) => T | Promise<T>,
  databaseUrl = registryDatabaseUrl(),
): Promise<T> {
  if (databaseUrl) return updateStoredRegistry(databaseUrl, () => readRegistryFile(storeDir), change);
  await mkdir(storeDir, { recursive: true });
  const file = registryFile(storeDir);
  const release = await lockfile.lock(file, {
    realpath: false,
    stale: 30_000,
    retries: { retries: 600, factor: 1, minTimeout: 50, maxTimeout: 100 },
  });
  try {
    const registry = await readRegistryFile(storeDir);
    const before = JSON.stringify(registry);
    const result = await change(registry);
    if (JSON.stringify(registry) === before && existsSync(file)) return result;
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, `${JSON.stringify(registry, null, 2)}\n`);
    await rename(temporary, file);
    return result;
  } finally {
    await release();
  }
}

export function appState(registry: Registry, app: string): AppState {
  registry.apps[app] ??= { live: null, versions: {} };
  return registry.apps[app];
}

/**
 * When a version last went live for everyone (release, promote or rollback), from the history: a canary's release
 * and the end of a canary make nothing live for everyone.
 */
export function wentLiveAt(registry: Registry, app: string, version: string): string | undefined {
  for (let i = registry.history.length - 1; i >= 0; i--) {
    const entry = registry.history[i];
    if (entry?.app === app && entry.version === version && !entry.canary && !entry.endedCanary) return entry.at;
  }
  return undefined;
}

export interface LiveLineage {
  /**
   * The versions that were live one after another up to the live one (last): each went live on top of the one before
   * it, so a rollback makes the one before the live one live again.
   */
  lineage: string[];
  /** Versions a rollback took away (rolled back from, or rolled back past with `--to`), not live again since. */
  rolledBack: Set<string>;
}

/**
 * What was actually live, replayed from the history. A release (or a canary's promotion) goes live on top of the live
 * version; a canary that was ended is rolled back and changes nothing else. A rollback to a
 * version in the lineage takes every version above it off (they were rolled back). A rollback (`--to`) to a version no
 * longer in the lineage makes it live again: if that version was released before the live one, the live one is rolled
 * back and the version goes live in its place; if after (rolling forward again), it goes live on top of the live one.
 */
export function liveLineage(registry: Registry, app: string): LiveLineage {
  const lineage: string[] = [];
  const rolledBack = new Set<string>();
  const releaseOrder = new Map<string, number>();
  for (const [index, entry] of registry.history.entries()) {
    if (entry.app !== app) continue;
    if (entry.canary) {
      // A canary goes live for everyone only when promoted; until then the lineage is the live version's.
      if (!releaseOrder.has(entry.version)) releaseOrder.set(entry.version, index);
      rolledBack.delete(entry.version);
      continue;
    }
    if (entry.endedCanary) {
      if (entry.previous !== null) rolledBack.add(entry.previous);
      continue;
    }
    if (entry.action === 'release' || entry.action === 'promote') {
      if (entry.action === 'release') releaseOrder.set(entry.version, index);
      lineage.push(entry.version);
    } else {
      const position = lineage.lastIndexOf(entry.version);
      if (position >= 0) {
        for (const version of lineage.splice(position + 1)) rolledBack.add(version);
      } else {
        const live = lineage.at(-1);
        if (live !== undefined && (releaseOrder.get(entry.version) ?? -1) < (releaseOrder.get(live) ?? -1)) {
          lineage.pop();
          rolledBack.add(live);
        }
        lineage.push(entry.version);
      }
    }
    rolledBack.delete(entry.version);
  }
  return { lineage, rolledBack };
}
