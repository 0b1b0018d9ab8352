/**
 * Auto-rollback of canaries (docs/operations.md, "Canary releases"): every `checkMs` the server compares each running
 * canary's failure rate with the live version's, both since the canary started (version-failure-rates.ts); when the
 * canary has at least `minLoads` loads and its rate is at least `marginPoints` percentage points above the live one's,
 * it ends the canary and records a rollback with the reason. Every instance of a fleet checks; the end is a
 * compare-and-set on the registry (the canary measured, by version and start), so one of them records it, once.
 */
import { sql } from 'drizzle-orm';
import { endCanaryIfStill, type CanaryEnded } from '@app/deploy/end-canary';
import type { LiveApps } from '@app/deploy/live-apps';
import { failureRate, percent, versionFigures, type TemplateQuery, type VersionFigures } from '@app/deploy/version-failure-rates';
import type { Database } from '../db/database';

export interface AutoRollbackSettings {
  /** How often to check (0: never). */
  checkMs: number;
  /** Loads of the canary below which it is not judged. */
  minLoads: number;
  /** How far (percentage points) the canary's failure rate may be above the live one's before it is rolled back (0: any higher rate). */
  marginPoints: number;
}

export const DEFAULT_AUTO_ROLLBACK: AutoRollbackSettings = { checkMs: 15_000, minLoads: 50, marginPoints: 5 };

/** Why a canary is rolled back, or null when it is not (too few loads, or within the margin). */
export function rollbackReason(
  canary: VersionFigures,
  live: VersionFigures,
  settings: Pick<AutoRollbackSettings, 'minLoads' | 'marginPoints'>,
): string | null {
  if (canary.loads < settings.minLoads) return null;
  // Compared in hundredths of a point, so that a rate exactly at the margin counts whatever the floating point says.
  const excess = Math.round((failureRate(canary) - failureRate(live)) * 10_000);
  if (excess <= 0 || excess < Math.round(settings.marginPoints * 100)) return null;
  return `自动回滚：灰度版本失败率 ${percent(failureRate(canary))}（加载 ${canary.loads} 次），现行版本 ${percent(failureRate(live))}（加载 ${live.loads} 次），高出 ${settings.marginPoints} 个百分点及以上`;
}

export class AutoRollback {
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<CanaryEnded[]> | null = null;
  private readonly query: TemplateQuery;

  constructor(
    db: Database,
    private readonly live: LiveApps,
    private readonly settings: AutoRollbackSettings,
    private readonly log: { warn(message: string): void; error(error: unknown, message: string): void },
  ) {
    this.query = async <T>(strings: TemplateStringsArray, ...values: unknown[]) => {
      const result = (await db.execute(sql(strings, ...values))) as unknown as { rows: T[] } | T[];
      return Array.isArray(result) ? result : result.rows;
    };
  }

  start(): void {
    if (this.settings.checkMs <= 0 || this.timer) return;
    this.timer = setInterval(() => {
      this.check().catch((error: unknown) => this.log.error(error, '灰度自动回滚检查失败'));
    }, this.settings.checkMs).unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.checking?.catch(() => {});
  }

  /** Checks every running canary once (one check at a time); answers the canaries this call ended. */
  check(): Promise<CanaryEnded[]> {
    this.checking ??= this.checkAll().finally(() => (this.checking = null));
    return this.checking;
  }

  private async checkAll(): Promise<CanaryEnded[]> {
    const ended: CanaryEnded[] = [];
    for (const [app, state] of Object.entries((await this.live.registry()).apps)) {
      const canary = state.canary;
      if (!canary || !state.live) continue;
      const canaryFigures = await versionFigures(this.query, app, canary.version, canary.since);
      if (canaryFigures.loads < this.settings.minLoads) continue;
      const reason = rollbackReason(canaryFigures, await versionFigures(this.query, app, state.live, canary.since), this.settings);
      if (!reason) continue;
      const done = await endCanaryIfStill(
        this.live.storeDir,
        this.live.databaseUrl,
        app,
        { version: canary.version, since: canary.since },
        reason,
      );
      if (done) {
        this.log.warn(`${app}@${canary.version} 灰度已自动回滚，所有用户回到 ${done.live ?? '-'}。${reason}`);
        ended.push(done);
      }
    }
    return ended;
  }
}
