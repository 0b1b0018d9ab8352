/**
 * The live remotes' lean pages (docs/architecture.md, "Pages a phone opens cold"). A remote release lists them (written
 * by its build: `leanPages` of `defineRemoteConfig` in shared/build-config, file `lean-pages.json` at the release's
 * root): each page's route pattern, the addresses it leaves to others, and its HTML in the release folder.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { versionFor, type Viewer } from '@app/deploy/canary-audience';
import type { LiveApps } from '@app/deploy/live-apps';
import { matchesRoute, withoutTrailingSlash } from '@app/deploy/route-pattern';

const LEAN_PAGES_FILE = 'lean-pages.json';

interface LeanPage {
  path: string;
  except: string[];
  html: string;
}

function readLeanPages(text: string): LeanPage[] {
  const document = JSON.parse(text) as { pages?: unknown };
  if (!Array.isArray(document.pages)) return [];
  return document.pages.flatMap((page: Partial<LeanPage>) =>
    typeof page?.path === 'string' && typeof page.html === 'string' && !page.html.split('/').includes('..')
      ? [
          {
            path: page.path,
            html: page.html,
            except: Array.isArray(page.except) ? page.except.filter((item) => typeof item === 'string') : [],
          },
        ]
      : [],
  );
}

export class LeanPages {
  private readonly byVersion = new Map<string, LeanPage[]>();

  constructor(
    private readonly storeDir: string,
    private readonly live: LiveApps,
  ) {}

  /**
   * The live lean page for a client address: a live remote's, for an address under a prefix it owns, matching the
   * page's pattern and not one it leaves to others; its HTML must be there. Rolled back to a release without one,
   * the address gets the host again.
   */
  async for(pathname: string, viewer: Viewer | null): Promise<{ dir: string; html: string } | null> {
    const registry = await this.live.registry();
    for (const [name, state] of Object.entries(registry.apps)) {
      const version = versionFor(state, viewer);
      if (name === 'host' || !version) continue;
      const prefixes = state.versions[version]?.prefixes ?? [];
      if (!prefixes.some((prefix) => pathname.startsWith(prefix))) continue;
      for (const page of await this.in(name, version)) {
        if (!matchesRoute(page.path, pathname) || page.except.includes(withoutTrailingSlash(pathname))) continue;
        const dir = join(this.storeDir, name, version);
        if (existsSync(join(dir, page.html))) return { dir, html: page.html };
      }
    }
    return null;
  }

  /** The lean pages of a released version of a remote (none when its build made none: an older release). */
  private async in(appName: string, version: string): Promise<LeanPage[]> {
    const key = `${appName}@${version}`;
    let pages = this.byVersion.get(key);
    if (!pages) {
      try {
        pages = readLeanPages(await readFile(join(this.storeDir, appName, version, LEAN_PAGES_FILE), 'utf8'));
      } catch {
        pages = [];
      }
      this.byVersion.set(key, pages);
    }
    return pages;
  }
}
