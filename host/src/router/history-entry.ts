/**
 * React Router's browser history numbers each entry it makes (`idx` in the entry's state) and, finding no number on
 * the page's first entry, replaces that entry to add one when the router is made: a same-document navigation, which
 * is 2–14 ms of the main thread in Chromium. The first entry is numbered beforehand, in a task of its own, so that
 * the router's task does not carry it (docs/architecture.md, "One fast first load": short tasks).
 */
export function numberFirstHistoryEntry(history: History = window.history): void {
  const state: unknown = history.state;
  if (isNumbered(state)) return;
  history.replaceState({ ...(typeof state === 'object' ? state : {}), idx: 0 }, '');
}

function isNumbered(state: unknown): boolean {
  return typeof state === 'object' && state !== null && typeof (state as { idx?: unknown }).idx === 'number';
}
