/**
 * What a canary is judged on (docs/architecture.md, "Release and rollback"): only what real phones served that version
 * did. A load is the host's report that a signed-in user's page started loading a remote (`client/reportLoad`), a
 * failure their report that it failed (`client/reportFailure`); each counts only where the user's canary cookie is
 * their own (their bucket and test flag, signed by this server) and serves them the version reported, and only while
 * the app runs a canary. One row a user, version and hour (`canary_loads`): however many reports one account sends,
 * it is one load and at most one failure of the versions it is served; a fetch of a manifest, or a report of someone
 * signed out, changes nothing.
 */
import { sql } from 'drizzle-orm';
import { bucketOf, versionFor } from '@app/deploy/canary-audience';
import type { LiveApps } from '@app/deploy/live-apps';
import type { Caller } from '../auth/caller';
import type { Database } from '../db/database';
import { canaryLoads } from '../db/schema/releases';
import type { CanaryCookies } from './canary-cookie';

export interface PhoneReport {
  app: string;
  version: string;
  /** A failure (else a load). */
  failed: boolean;
}

/** Who sent a report: the signed-in caller and the Cookie header their browser sent with it. */
export interface Reporter {
  caller: Caller;
  cookieHeader: string | undefined;
}

/**
 * The version of `app` the reporter's page was served, when their canary cookie is their own and the app runs a
 * canary; null otherwise (no canary to judge, a device's cookie, another user's, none).
 */
async function servedCanaryVersion(live: LiveApps, cookies: CanaryCookies, reporter: Reporter, app: string): Promise<string | null> {
  const state = (await live.registry()).apps[app];
  if (!state?.canary) return null;
  const viewer = cookies.read(reporter.cookieHeader);
  if (!viewer || viewer.bucket !== bucketOf(reporter.caller.userId) || viewer.tester !== reporter.caller.tester) return null;
  return versionFor(state, viewer);
}

/** Records the report for the canary's judgement where it counts (above); answers whether it did. */
export async function recordCanaryReport(
  db: Database,
  live: LiveApps,
  cookies: CanaryCookies,
  reporter: Reporter,
  report: PhoneReport,
): Promise<boolean> {
  if ((await servedCanaryVersion(live, cookies, reporter, report.app)) !== report.version) return false;
  const row = {
    app: report.app,
    version: report.version,
    hour: sql`date_trunc('hour', now())`,
    userId: reporter.caller.userId,
    failed: report.failed,
  };
  const target = [canaryLoads.app, canaryLoads.version, canaryLoads.hour, canaryLoads.userId];
  const insert = db.insert(canaryLoads).values(row);
  await (report.failed ? insert.onConflictDoUpdate({ target, set: { failed: true } }) : insert.onConflictDoNothing({ target }));
  return true;
}
