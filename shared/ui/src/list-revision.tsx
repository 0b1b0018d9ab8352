/**
 * Keeping a cached list fresh: a revision number of some data (the company's goods, its members, a user's titles),
 * bumped by every change a screen makes through its api module, and the hook a list page uses to reload when it is
 * shown again after one. Pages stay alive in the page cache, so a list would otherwise show what it loaded first.
 */
import { useEffect, useRef, useSyncExternalStore, type RefObject } from 'react';
import type { PagedListHandle } from './paged-list';

export interface Revision {
  /** Says the data changed (call it after a save, a delete, an addition). */
  note(): void;
  /** The change's promise, noting the change once it is made (not when it fails): `titles.after(callApi('title/save', …))`. */
  after<T>(change: Promise<T>): Promise<T>;
  /** The current revision, re-rendering when it changes. */
  use(): number;
}

export function createRevision(): Revision {
  let revision = 0;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const current = () => revision;
  const note = () => {
    revision += 1;
    for (const listener of listeners) listener();
  };
  return {
    note,
    after: (change) =>
      change.then((result) => {
        note();
        return result;
      }),
    // A server's render (a first screen painted there) reads the same: the revision the module holds.
    use: () => useSyncExternalStore(subscribe, current, current),
  };
}

/** Reloads `list` once the data's revision moved on since the list last showed it (not on the first render). */
export function useReloadOnChange(list: RefObject<PagedListHandle | null>, data: Revision): void {
  const revision = data.use();
  const shown = useRef(revision);
  useEffect(() => {
    if (shown.current === revision) return;
    shown.current = revision;
    void list.current?.reload();
  }, [revision, list]);
}
