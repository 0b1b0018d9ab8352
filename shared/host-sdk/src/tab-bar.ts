/**
 * Pages may show or hide the tab bar regardless of their route meta (docs/product.md, "Screens and the host": show/hide events), e.g. while a form
 * has the keyboard up. The override ends at the next navigation.
 */
import { atom } from 'jotai';
import { sessionStore } from './session';

export const tabBarOverrideAtom = atom<'show' | 'hide' | null>(null);

export function showTabBar(): void {
  sessionStore.set(tabBarOverrideAtom, 'show');
}

export function hideTabBar(): void {
  sessionStore.set(tabBarOverrideAtom, 'hide');
}

export function resetTabBar(): void {
  sessionStore.set(tabBarOverrideAtom, null);
}
