/**
 * Whether a server instance picked a registry change up by its revision check (LiveApps, REVISION_CHECK_MS), without
 * counting the machine's speed: a request that comes REVISION_CHECK_MS after the change was committed starts a check
 * of its own or shares the one then under way, and the request after it gets the change. So of the answers to requests
 * sent that late, at most the first may still be the old one, however slowly the machine answers; an instance that
 * never, or only at a later check, serves the change gives more and fails.
 */
import { REVISION_CHECK_MS } from '@app/deploy/live-apps';
import { expect } from '@rstest/core';
import { eventually } from './test-server';

/**
 * Asks `serves` one request at a time until it answers true (the instance serves the change), and checks that of the
 * requests sent REVISION_CHECK_MS or more after `committedAt` (Date.now() once the change's commit had returned) at
 * most one per instance behind `serves` (`instances`: nginx's upstreams) was answered from the old registry. Answers the
 * milliseconds from `committedAt` to the first answer with the change (a figure for docs/benchmarks.md, not a bound).
 */
export async function expectPickedUpByNextCheck(committedAt: number, serves: () => Promise<boolean>, instances = 1): Promise<number> {
  const lateAndOld: number[] = [];
  await eventually(async () => {
    const sentAt = Date.now();
    if (await serves()) return true;
    if (sentAt - committedAt >= REVISION_CHECK_MS) lateAndOld.push(sentAt - committedAt);
    return false;
  });
  expect(lateAndOld.length, `old answers to requests sent this long (ms) after the commit: ${lateAndOld.join(', ')}`).toBeLessThanOrEqual(
    instances,
  );
  return Date.now() - committedAt;
}
