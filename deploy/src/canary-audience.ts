/**
 * Who gets a canary (docs/operations.md, "Canary releases"): every user has a bucket, a stable hash of their user id
 * into 0–9999 (a visitor not signed in, a random one kept in a cookie); a canary of p % is live for the buckets
 * below p × 100, so raising the share keeps everyone who had it. Test users (the spec's `_test_` flag,
 * `users.tester`) get every canary: a `test-users` canary, and a share canary first.
 */
import { createHash } from 'node:crypto';
import type { AppState, CanaryAudience } from './registry';

export const BUCKETS = 10_000;

/** Who asks: their bucket and whether they are a test user. */
export interface Viewer {
  bucket: number;
  tester: boolean;
}

export function bucketOf(userId: string): number {
  return createHash('sha256').update(`canary-bucket:${userId}`).digest().readUInt32BE(0) % BUCKETS;
}

export function isBucket(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value < BUCKETS;
}

const SHARE = /^(\d{1,2})(?:\.(\d))?%?$/;

/** `10%`, `12.5%` (1–99, at most one decimal; the % may be left out) or `test-users`; null for anything else. */
export function parseCanaryAudience(text: string): CanaryAudience | null {
  const trimmed = text.trim();
  if (trimmed === 'test-users') return { kind: 'test-users' };
  const match = SHARE.exec(trimmed);
  if (!match) return null;
  const percent = Number(`${match[1]}.${match[2] ?? '0'}`);
  return percent >= 1 && percent <= 99 ? { kind: 'share', percent } : null;
}

export const AUDIENCE_FORMAT = '1%–99% 的整数或一位小数（如 10% 或 12.5%），或 test-users（仅测试用户）';

export function describeAudience(audience: CanaryAudience): string {
  return audience.kind === 'test-users' ? '仅测试用户' : `${audience.percent}% 用户`;
}

export function seesCanary(audience: CanaryAudience, viewer: Viewer | null): boolean {
  if (!viewer) return false;
  if (viewer.tester) return true;
  return audience.kind === 'share' && viewer.bucket < Math.round(audience.percent * 100);
}

/** The version of an app this viewer gets: the canary's for its audience, else the live one. */
export function versionFor(state: AppState, viewer: Viewer | null): string | null {
  const canary = state.canary;
  return canary && seesCanary(canary.audience, viewer) ? canary.version : state.live;
}
