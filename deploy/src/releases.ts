/**
 * `npm run releases -- [<app>]`: every released version of each app, the live one marked, those rolled back marked
 * 已回滚 (a plain rollback never makes them live again), and when each went live.
 */
import { liveLineage, readRegistry, registryDatabaseUrl, wentLiveAt, type Registry } from './registry';

export function formatReleases(registry: Registry, only?: string): string {
  const names = Object.keys(registry.apps)
    .filter((name) => !only || name === only)
    .sort((a, b) => (a === 'host' ? -1 : b === 'host' ? 1 : a.localeCompare(b)));
  if (names.length === 0) return only ? `${only}: 尚未发布` : '尚无任何发布';
  const lines: string[] = [];
  for (const name of names) {
    const state = registry.apps[name];
    if (!state) continue;
    lines.push(`${name}`);
    const { rolledBack } = liveLineage(registry, name);
    const versions = Object.values(state.versions).sort((a, b) => a.releasedAt.localeCompare(b.releasedAt));
    for (const entry of versions) {
      const live = entry.version === state.live ? '● 线上' : '      ';
      const went = wentLiveAt(registry, name, entry.version);
      const forced = entry.forced ? '  (强制发布)' : '';
      // 已回滚 is six columns wide in a terminal, as are the spaces that stand in for it.
      const undone = rolledBack.has(entry.version) ? '已回滚' : '      ';
      lines.push(`  ${live} ${entry.version.padEnd(18)} ${undone} 发布于 ${local(entry.releasedAt)}  上线于 ${went ? local(went) : '-'}${forced}`);
    }
  }
  return lines.join('\n');
}

function local(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

export async function listReleases(storeDir: string, only?: string, databaseUrl = registryDatabaseUrl()): Promise<string> {
  return formatReleases(await readRegistry(storeDir, databaseUrl), only);
}
