/**
 * Ids of tasks the user started and has not seen finish, so a dialog opened again follows the same task instead of
 * creating a second one (the server answers 2001 while one is pending). Login tasks live for the browser session;
 * the face task in local storage. A saved id belongs to the company it was started for: after a switch of company
 * the other company's task is never followed (its id would only be refused with 1004).
 */
import { sessionStore, userDetailAtom } from './session';

export type PendingTaskKind = 'smsLogin' | 'qrLogin' | 'face';

function storageOf(kind: PendingTaskKind): Storage {
  return kind === 'face' ? localStorage : sessionStorage;
}

/** The key of a kind of task of the current company (none without a company: nothing is saved then). */
function keyOf(kind: PendingTaskKind): string | null {
  const companyId = sessionStore.get(userDetailAtom)?.companyInfo?.id;
  return companyId ? `pendingTask.${kind}.${companyId}` : null;
}

export function savePendingTask(kind: PendingTaskKind, id: string): void {
  const key = keyOf(kind);
  if (key) storageOf(kind).setItem(key, id);
}

export function pendingTask(kind: PendingTaskKind): string | null {
  const key = keyOf(kind);
  return key ? storageOf(kind).getItem(key) : null;
}

export function clearPendingTask(kind: PendingTaskKind): void {
  const key = keyOf(kind);
  if (key) storageOf(kind).removeItem(key);
}
