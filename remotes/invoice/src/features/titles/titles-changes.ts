/**
 * A revision number of the user's titles, bumped by every change made through titles-api.ts. A screen that lists
 * titles reloads when the revision it last showed is older (e.g. the list, shown again after the form saved).
 */
import { useSyncExternalStore } from 'react';

let revision = 0;
const listeners = new Set<() => void>();

export function noteTitlesChanged(): void {
  revision += 1;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTitlesRevision(): number {
  return useSyncExternalStore(subscribe, () => revision);
}
