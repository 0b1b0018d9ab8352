/**
 * The live remotes, as `/remotes.json` lists them, registered with the Module Federation runtime at start-up. Knows
 * which remote owns a path, loads a remote's `./routes` once, and remembers which remotes could not be loaded so the
 * host can show them as unavailable and retry them.
 */
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteRoute, RemoteRoutesModule } from '@app/host-sdk/route-meta';
import { LIVE_REMOTES_BLOCK_ID } from '@app/deploy/first-load';
import { HOST_PREFIXES, ownerOf, type PrefixOwner } from '@app/deploy/prefix-owner';
import { matchesRoute } from '@app/deploy/route-pattern';
import { nextTask } from '../next-task';
import { reportFailure } from './failure-reports';
import { isRemoteUnavailable } from './remote-fallback-plugin';

export interface RemoteEntry extends PrefixOwner {
  version: string;
  /** URL of the remote's mf-manifest.json. */
  entry: string;
}

/** `GET /remotes.json`: the live version of each remote. */
export type RemotesFile = Record<string, { version: string; entry: string; prefixes: string[] }>;

export type RemoteRoutesResult = { ok: true; routes: RemoteRoute[] } | { ok: false; reason: string };

export class RemoteRegistry {
  private remotes: RemoteEntry[];
  private readonly unavailable = new Map<string, string>();
  private readonly pending = new Map<string, Promise<RemoteRoutesResult>>();

  constructor(remotes: RemoteEntry[]) {
    this.remotes = remotes;
  }

  /** The owner of a path: `host`, a remote's name, or undefined when nobody claims it. */
  ownerOf(path: string): string | undefined {
    return ownerOf<PrefixOwner>(path, [{ name: 'host', prefixes: HOST_PREFIXES }, ...this.remotes])?.name;
  }

  get(name: string): RemoteEntry | undefined {
    return this.remotes.find((remote) => remote.name === name);
  }

  /** True when `/remotes.json` listed no remote (or could not be read). */
  isEmpty(): boolean {
    return this.remotes.length === 0;
  }

  /** Reads `/remotes.json` again and registers the remotes that are new. */
  async refresh(): Promise<void> {
    const fresh = await fetchRemotesFile();
    const added = fresh.filter((remote) => !this.get(remote.name));
    this.remotes = [...this.remotes, ...added];
    registerRemotes(added.map(toMfRemote));
  }

  /** Why the remote could not be loaded, or undefined when it is fine (or not tried yet). */
  unavailableReason(name: string): string | undefined {
    return this.unavailable.get(name);
  }

  /**
   * Starts loading what the page at `path` (the one being opened) runs first: the routes of the remote that owns it,
   * then the module of its route, so both load beside the host's own start-up instead of after the router asks for
   * them (docs/architecture.md, "One fast first load"). The page module is asked for in the task after the routes
   * arrived: the routes' evaluation and the requests for the page's files are each a task's worth of the main thread.
   * The router's loads join these: the routes' load is shared, and the remote's module cache hands back the same page
   * module. A page module that fails here is the router's to show, when its own load fails the same way.
   */
  preloadPageFor(path: string): void {
    const owner = this.ownerOf(path);
    if (!owner || owner === 'host') return;
    void this.loadRoutes(owner).then(async (result) => {
      const route = result.ok ? result.routes.find((candidate) => matchesRoute(candidate.path, path)) : undefined;
      if (!route) return;
      await nextTask();
      route.page().catch(() => undefined);
    });
  }

  /** Loads the remote's `./routes` module; concurrent callers share one load. */
  loadRoutes(name: string): Promise<RemoteRoutesResult> {
    let load = this.pending.get(name);
    if (!load) {
      load = this.fetchRoutes(name).finally(() => this.pending.delete(name));
      this.pending.set(name, load);
    }
    return load;
  }

  /**
   * Before a retry: forgets the failed load, reads `/remotes.json` again (ops may have rolled the remote back since)
   * and re-registers that remote alone, so the next load fetches it afresh. Remotes already running are left alone.
   */
  async reset(name: string): Promise<void> {
    this.unavailable.delete(name);
    const fresh = (await fetchRemotesFile()).find((remote) => remote.name === name);
    if (fresh) {
      this.remotes = [...this.remotes.filter((remote) => remote.name !== name), fresh];
    }
    const remote = this.get(name);
    if (remote) registerRemotes([toMfRemote(remote)], { force: true });
  }

  private async fetchRoutes(name: string): Promise<RemoteRoutesResult> {
    if (!this.get(name)) return this.fail(name, `模块 ${name} 未发布`);
    try {
      const module = await loadRemote<RemoteRoutesModule>(`${name}/routes`);
      if (isRemoteUnavailable(module)) return this.fail(name, module.reason);
      if (!module || !Array.isArray(module.routes)) return this.fail(name, `模块 ${name} 未导出路由`);
      return { ok: true, routes: module.routes };
    } catch (error) {
      return this.fail(name, error instanceof Error ? error.message : String(error));
    }
  }

  private fail(name: string, reason: string): RemoteRoutesResult {
    this.unavailable.set(name, reason);
    reportFailure(name, this.get(name)?.version, 'remote-load');
    return { ok: false, reason };
  }
}

function toMfRemote(remote: RemoteEntry) {
  return { name: remote.name, entry: remote.entry };
}

export function parseRemotesFile(file: unknown): RemoteEntry[] {
  if (typeof file !== 'object' || file === null) return [];
  return Object.entries(file as RemotesFile)
    .filter(([, value]) => typeof value?.entry === 'string' && Array.isArray(value.prefixes))
    .map(([name, value]) => ({ name, version: value.version, entry: value.entry, prefixes: value.prefixes }));
}

/**
 * The registry the server wrote into this page (docs/architecture.md, "One fast first load"), read once and taken out
 * of the page, so a later read (a retry after a rollback) fetches it afresh; null when the page has none.
 */
function remotesInPage(): RemoteEntry[] | null {
  const block = document.getElementById(LIVE_REMOTES_BLOCK_ID);
  if (!block) return null;
  block.remove();
  try {
    return parseRemotesFile(JSON.parse(block.textContent ?? ''));
  } catch {
    return null;
  }
}

/**
 * The live remotes, from the page (remotesInPage) or else from `/remotes.json` (no-cache, with a cache-busting query
 * for WeChat's X5 engine), each registered. Nothing of a remote runs until a route of it is first visited (the page's
 * preloads only fetch). If the registry cannot be fetched, the host still starts and every remote page shows as
 * unavailable.
 */
export async function loadRemoteRegistry(): Promise<RemoteRegistry> {
  const remotes = remotesInPage() ?? (await fetchRemotesFile());
  registerRemotes(remotes.map(toMfRemote), { force: true });
  return new RemoteRegistry(remotes);
}

async function fetchRemotesFile(): Promise<RemoteEntry[]> {
  try {
    const response = await fetch(`/remotes.json?t=${Date.now()}`, { cache: 'no-store' });
    return response.ok ? parseRemotesFile(await response.json()) : [];
  } catch {
    // The registry is unreachable: no remotes for now; their pages offer a retry.
    return [];
  }
}
