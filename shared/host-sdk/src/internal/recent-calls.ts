/**
 * What `callApi`'s no-repeat check (api-client.ts) remembers: each recent no-repeat call's path and payload, and when it
 * was sent. A private module of this package, not part of the host contract: the page test harness (testing.tsx)
 * forgets it before each page, so one test's call never counts as a repeat in the next.
 */
export const recentCalls = new Map<string, number>();
