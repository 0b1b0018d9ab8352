/**
 * `npm run releases -- [<app>]`: every released version of each app, the live one marked, those rolled back marked
 * 已回滚 (a plain rollback never makes them live again), and when each went live. With the registry in the database
 * (DATABASE_URL), also the failures phones reported of each version in the last 24 hours (`client/reportFailure`).
 */
import { liveLineage, readRegistry, registryDatabaseUrl, wentLiveAt, type Registry } from './registry';
import { withRegistryConnection } from './registry-database';

/** Failures phones reported, by `app@version`: remote loads and page errors. */
export type ReportedFailures = Map<string, { remoteLoad: number; pageError: number }>;

export function formatReleases(registry: Registry, only?: string, failures?: ReportedFailures): string {
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
      const reported = failures?.get(`${name}@${entry.version}`);
      const failed = reported ? `  24 小时内手机端失败: 加载 ${reported.remoteLoad} 次, 页面 ${reported.pageError} 次` : '';
      lines.push(`  ${live} ${entry.version.padEnd(18)} ${undone} 发布于 ${local(entry.releasedAt)}  上线于 ${went ? local(went) : '-'}${forced}${failed}`);
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
  const registry = await readRegistry(storeDir, databaseUrl);
  return formatReleases(registry, only, databaseUrl ? await reportedFailures(databaseUrl) : undefined);
}

/** The last 24 hours' failure reports in the server's database (none before its migrations made the table). */
async function reportedFailures(databaseUrl: string): Promise<ReportedFailures> {
  const failures: ReportedFailures = new Map();
  await withRegistryConnection(databaseUrl, async (client) => {
    const { rows: tables } = await client.query<{ found: string | null }>("select to_regclass('client_failures')::text as found");
    if (!tables[0]?.found) return;
    const { rows } = await client.query<{ app: string; version: string; kind: string; n: number }>(
      "select app, version, kind, sum(count)::int as n from client_failures where hour > now() - interval '24 hours' group by app, version, kind",
    );
    for (const row of rows) {
      const key = `${row.app}@${row.version}`;
      const entry = failures.get(key) ?? { remoteLoad: 0, pageError: 0 };
      if (row.kind === 'remote-load') entry.remoteLoad += Number(row.n);
      else entry.pageError += Number(row.n);
      failures.set(key, entry);
    }
  });
  return failures;
}
