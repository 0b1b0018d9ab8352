/**
 * `npm run releases -- [<app>]`: every released version of each app, the live one marked, a running canary marked with
 * its audience and start, those rolled back marked 已回滚 (a plain rollback never makes them live again), and when each
 * went live. With the registry in the database (DATABASE_URL), also the failures phones reported of each version in
 * the last 24 hours (`client/reportFailure`), and while a canary runs the failure rate of the live and the canary
 * version since it started, as the auto-rollback judges it (version-failure-rates.ts).
 */
import { describeAudience } from './canary-audience';
import { liveLineage, readRegistry, registryDatabaseUrl, wentLiveAt, type Registry } from './registry';
import { withRegistryConnection } from './registry-database';
import { describeFigures, pgTemplateQuery, versionFigures, type TemplateQuery, type VersionFigures } from './version-failure-rates';

/** Failures phones reported, by `app@version`: remote loads and page errors. */
export type ReportedFailures = Map<string, { remoteLoad: number; pageError: number }>;

/** The failure rates of an app's live and canary versions since its canary started, by app. */
export type FailureRates = Map<
  string,
  { since: string; live?: { version: string; figures: VersionFigures }; canary?: { version: string; figures: VersionFigures } }
>;

export function formatReleases(registry: Registry, only?: string, failures?: ReportedFailures, rates?: FailureRates): string {
  const names = Object.keys(registry.apps)
    .filter((name) => !only || name === only)
    .sort((a, b) => (a === 'host' ? -1 : b === 'host' ? 1 : a.localeCompare(b)));
  if (names.length === 0) return only ? `${only}: 尚未发布` : '尚无任何发布';
  const lines: string[] = [];
  for (const name of names) {
    const state = registry.apps[name];
    if (!state) continue;
    const canary = state.canary;
    lines.push(
      canary
        ? `${name}  灰度中: ${canary.version} 给 ${describeAudience(canary.audience)}（自 ${local(canary.since)} 起），其余用户 ${state.live ?? '-'}`
        : `${name}`,
    );
    const { rolledBack } = liveLineage(registry, name);
    const versions = Object.values(state.versions).sort((a, b) => a.releasedAt.localeCompare(b.releasedAt));
    for (const entry of versions) {
      const live = entry.version === state.live ? '● 线上' : entry.version === canary?.version ? '◐ 灰度' : '      ';
      const went = wentLiveAt(registry, name, entry.version);
      const forced = entry.forced ? '  (强制发布)' : '';
      // 已回滚 is six columns wide in a terminal, as are the spaces that stand in for it.
      const undone = rolledBack.has(entry.version) ? '已回滚' : '      ';
      const reported = failures?.get(`${name}@${entry.version}`);
      const failed = reported ? `  24 小时内手机端失败: 加载 ${reported.remoteLoad} 次, 页面 ${reported.pageError} 次` : '';
      lines.push(
        `  ${live} ${entry.version.padEnd(18)} ${undone} 发布于 ${local(entry.releasedAt)}  上线于 ${went ? local(went) : '-'}${forced}${failed}`,
      );
    }
    const rate = rates?.get(name);
    if (rate) {
      const parts = [
        rate.live && `线上 ${rate.live.version} ${describeFigures(rate.live.figures)}`,
        rate.canary && `灰度 ${rate.canary.version} ${describeFigures(rate.canary.figures)}`,
      ].filter(Boolean);
      lines.push(`  失败率（自灰度开始，按登录用户每小时计）: ${parts.join('；')}`);
    }
    const ended = registry.history.findLast((event) => event.app === name && event.endedCanary);
    if (ended)
      lines.push(`  上次灰度 ${ended.previous ?? '-'} 结束于 ${local(ended.at)}: ${ended.reason ?? '手动回滚（npm run rollback）'}`);
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
  if (!databaseUrl) return formatReleases(registry, only);
  return formatReleases(registry, only, await reportedFailures(databaseUrl), await failureRates(databaseUrl, registry));
}

/** Whether the server's migrations have made these tables (a database no server has started on has none). */
async function tablesExist(client: Parameters<typeof pgTemplateQuery>[0], names: string[]): Promise<boolean> {
  for (const name of names) {
    const { rows } = await client.query<{ found: string | null }>('select to_regclass($1)::text as found', [name]);
    if (!rows[0]?.found) return false;
  }
  return true;
}

/** The live and canary failure rates of each app that runs a canary, since it started (nothing is counted otherwise). */
export async function failureRatesOf(query: TemplateQuery, registry: Registry): Promise<FailureRates> {
  const rates: FailureRates = new Map();
  for (const [name, state] of Object.entries(registry.apps)) {
    const canary = state.canary;
    if (name === 'host' || !state.live || !canary) continue;
    rates.set(name, {
      since: canary.since,
      live: { version: state.live, figures: await versionFigures(query, name, state.live, canary.since) },
      canary: { version: canary.version, figures: await versionFigures(query, name, canary.version, canary.since) },
    });
  }
  return rates;
}

async function failureRates(databaseUrl: string, registry: Registry): Promise<FailureRates> {
  return withRegistryConnection(databaseUrl, async (client) =>
    (await tablesExist(client, ['canary_loads'])) ? failureRatesOf(pgTemplateQuery(client), registry) : new Map(),
  );
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
