/**
 * `client/reportFailure` (issue 25): the host reports a remote that could not be loaded or a page that failed, for
 * ops to see per version (`GET /metrics`: client_failures_total). Anyone may report (a failure can come before
 * sign-in), so a report is rate-limited by address and counts only for a version that was released: made-up names
 * cannot grow the table.
 */
import { sql } from 'drizzle-orm';
import { clientFailures } from '../db/schema';
import { invalidField } from '../http/api-failure';
import { defineCall } from '../http/define-call';

const reportFailure = defineCall('client/reportFailure', {
  access: { kind: 'public' },
  rateLimit: { max: 20, windowMs: 60_000 },
  handler: async ({ body, services }) => {
    const registry = await services.liveApps.registry();
    if (!registry.apps[body.app]?.versions[body.version]) throw invalidField('version', '未发布的模块版本');
    await services.db
      .insert(clientFailures)
      .values({ app: body.app, version: body.version, kind: body.kind, hour: sql`date_trunc('hour', now())`, count: 1 })
      .onConflictDoUpdate({ target: [clientFailures.app, clientFailures.version, clientFailures.kind, clientFailures.hour], set: { count: sql`${clientFailures.count} + 1` } });
    return null;
  },
});

export const clientReportCalls = [reportFailure];
