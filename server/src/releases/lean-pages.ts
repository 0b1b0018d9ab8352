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
  /** Its server build (docs/architecture.md, "First screens from the server"), when the release has one. */
  server?: string;
}

/** A file of the release folder: a relative path that stays in it. */
const inRelease = (file: unknown): file is string => typeof file === 'string' && !file.startsWith('/') && !file.split('/').includes('..');

function readLeanPages(text: string): LeanPage[] {
  const document = JSON.parse(text) as { pages?: unknown };
  if (!Array.isArray(document.pages)) return [];
  return document.pages.flatMap((page: Partial<LeanPage>) =>
    typeof page?.path === 'string' && inRelease(page.html)
      ? [
          {
            path: page.path,
            html: page.html,
            except: Array.isArray(page.except) ? page.except.filter((item) => typeof item === 'string') : [],
            ...(inRelease(page.server) ? { server: page.server } : {}),
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
  async for(pathname: string, viewer: Viewer | null): Promise<{ dir: string; html: string; server?: string } | null> {
    const registry = await this.live.registry();
    for (const [name, state] of Object.entries(registry.apps)) {
      const version = versionFor(state, viewer);
      if (name === 'host' || !version) continue;
      const prefixes = state.versions[version]?.prefixes ?? [];
      if (!prefixes.some((prefix) => pathname.startsWith(prefix))) continue;
      for (const page of await this.in(name, version)) {
        if (!matchesRoute(page.path, pathname) || page.except.includes(withoutTrailingSlash(pathname))) continue;
        const dir = join(this.storeDir, name, version);
        if (!existsSync(join(dir, page.html))) continue;
        const server = page.server && existsSync(join(dir, page.server)) ? join(dir, page.server) : undefined;
        return { dir, html: page.html, ...(server ? { server } : {}) };
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
