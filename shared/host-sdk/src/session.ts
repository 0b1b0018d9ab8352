/**
 * Session state shared by the host and every remote. The atoms live in one jotai store (this module is a shared
 * singleton), so a remote reads the same token and user the host signed in with.
 */
import { createStore } from 'jotai';
import { atomWithStorage } from 'jotai/utils';

/** Key of the session token in localStorage (spec §9: stored locally). */
export const TOKEN_STORAGE_KEY = 'token';

export const sessionStore = createStore();

export const tokenAtom = atomWithStorage<string | null>(TOKEN_STORAGE_KEY, null, undefined, { getOnInit: true });

export function getToken(): string | null {
  return sessionStore.get(tokenAtom);
}

export function setToken(token: string | null): void {
  sessionStore.set(tokenAtom, token);
}
