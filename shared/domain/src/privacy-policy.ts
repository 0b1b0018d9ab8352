/**
 * The version of 隐私政策 in force (a date, `YYYY-MM-DD`). The server counts an acceptance only for this version and
 * the host's agreement dialog sends it, so raising it here asks everyone to agree again.
 */
export const PRIVACY_POLICY_VERSION = '2026-12-01';

/** Versions are dates, so their text order is their time order. */
export function isPrivacyPolicyCurrent(accepted: string | null | undefined): boolean {
  return !!accepted && accepted >= PRIVACY_POLICY_VERSION;
}
