/**
 * Ids of tasks the user started and has not seen finish (spec §4, §9), so a dialog opened again follows the same
 * task instead of creating a second one (the server answers 2001 while one is pending). Login tasks live for the
 * browser session; the face task in local storage.
 */
export type PendingTaskKind = 'smsLogin' | 'qrLogin' | 'face';

const KEYS: Record<PendingTaskKind, string> = { smsLogin: 'pendingTask.smsLogin', qrLogin: 'pendingTask.qrLogin', face: 'pendingTask.face' };

function storageOf(kind: PendingTaskKind): Storage {
  return kind === 'face' ? localStorage : sessionStorage;
}

export function savePendingTask(kind: PendingTaskKind, id: string): void {
  storageOf(kind).setItem(KEYS[kind], id);
}

export function pendingTask(kind: PendingTaskKind): string | null {
  return storageOf(kind).getItem(KEYS[kind]);
}

export function clearPendingTask(kind: PendingTaskKind): void {
  storageOf(kind).removeItem(KEYS[kind]);
}
