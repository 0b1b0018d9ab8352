/**
 * React Router numbers each history entry (`idx` in its state) and, finding the page's first entry unnumbered,
 * replaces it as the router is made: a same-document navigation inside the router's task. Numbering the entry
 * beforehand, in a task of its own, keeps that work out of it (docs/architecture.md, "The main thread: short tasks").
 */
export function numberFirstHistoryEntry(history: History = window.history): void {
  const state: unknown = history.state;
  if (isNumbered(state)) return;
  history.replaceState({ ...(typeof state === 'object' ? state : {}), idx: 0 }, '');
}

function isNumbered(state: unknown): boolean {
  return typeof state === 'object' && state !== null && typeof (state as { idx?: unknown }).idx === 'number';
}
