/**
 * What the host reports of remotes on phones: `client/reportFailure`, a remote that could not be loaded or a
 * page that failed, counted per version for ops (`GET /metrics`: client_failures_total); and `client/reportLoad`, a
 * version a signed-in user's page started loading. Both count for a running canary's judgement only where they come
 * from a signed-in user whose canary cookie serves them that version (releases/canary-loads.ts). A failure may come
 * before sign-in, so anyone may report one. Each is limited per account and per address, and counts only for a version
 * that was released: made-up names cannot grow the tables.
 */
import { sql } from 'drizzle-orm';
import type { Caller } from '../auth/caller';
import { clientFailures } from '../db/schema/releases';
import { invalidField } from '../http/api-failure';
import { defineCall } from '../http/define-call';
import type { AppServices } from '../services';
import { recordCanaryReport, type PhoneReport } from '../releases/canary-loads';

async function checkReleased(services: AppServices, app: string, version: string): Promise<void> {
  const registry = await services.liveApps.registry();
  if (!registry.apps[app]?.versions[version]) throw invalidField('version', '未发布的模块版本');
}

function recordForCanary(services: AppServices, caller: Caller, cookieHeader: string | undefined, report: PhoneReport): Promise<boolean> {
  return recordCanaryReport(services.db, services.liveApps, services.canaryCookies, { caller, cookieHeader }, report);
}

const reportFailure = defineCall('client/reportFailure', {
  access: { kind: 'public' },
  rateLimit: { max: 20, windowMs: 60_000, perAddress: true },
  handler: async ({ body, caller, services, request }) => {
    await checkReleased(services, body.app, body.version);
    await services.db
      .insert(clientFailures)
      .values({ app: body.app, version: body.version, kind: body.kind, hour: sql`date_trunc('hour', now())`, count: 1 })
      .onConflictDoUpdate({
        target: [clientFailures.app, clientFailures.version, clientFailures.kind, clientFailures.hour],
        set: { count: sql`${clientFailures.count} + 1` },
      });
    if (caller) await recordForCanary(services, caller, request.headers.cookie, { app: body.app, version: body.version, failed: true });
    return null;
  },
});

/** A page loads each remote it uses once: a few a page load, so more of them than of failures. */
const reportLoad = defineCall('client/reportLoad', {
  access: { kind: 'user' },
  rateLimit: { max: 60, windowMs: 60_000, perAddress: true },
  handler: async ({ body, caller, services, request }) => {
    await checkReleased(services, body.app, body.version);
    await recordForCanary(services, caller, request.headers.cookie, { app: body.app, version: body.version, failed: false });
    return null;
  },
});

export const clientReportCalls = [reportFailure, reportLoad];
