/**
 * What the server needs from the registry on every request: the live version of each app and the `/remotes.json`
 * document. The registry file is re-read whenever it changes on disk, so a release or a rollback takes effect on the
 * next request with no server restart.
 */
import { stat } from 'node:fs/promises';
import { readRegistry, registryFile, type Registry } from './registry';

export interface RemotesDocument {
  [remote: string]: { version: string; entry: string; prefixes: string[] };
}

export class LiveApps {
  private cached: { ino: number; mtimeMs: number; registry: Registry } | undefined;

  constructor(readonly storeDir: string) {}

  async registry(): Promise<Registry> {
    let info;
    try {
      info = await stat(registryFile(this.storeDir));
    } catch {
      return { apps: {}, history: [] };
    }
    // Every update renames a new file into place, so a new inode means a new registry.
    if (!this.cached || this.cached.ino !== info.ino || this.cached.mtimeMs !== info.mtimeMs) {
      this.cached = { ino: info.ino, mtimeMs: info.mtimeMs, registry: await readRegistry(this.storeDir) };
    }
    return this.cached.registry;
  }

  async liveVersion(app: string): Promise<string | null> {
    return (await this.registry()).apps[app]?.live ?? null;
  }

  async remotesDocument(): Promise<RemotesDocument> {
    const registry = await this.registry();
    const document: RemotesDocument = {};
    for (const [name, state] of Object.entries(registry.apps)) {
      if (name === 'host' || !state.live) continue;
      const released = state.versions[state.live];
      document[name] = {
        version: state.live,
        entry: `/remotes/${name}/${state.live}/mf-manifest.json`,
        prefixes: released?.prefixes ?? [],
      };
    }
    return document;
  }
}
