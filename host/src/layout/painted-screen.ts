/**
 * A tab's first screen painted by the server (docs/architecture.md, "First screens from the server"): the page arrives
 * with it in the app's root, marked; the app hydrates it (bootstrap.tsx), and once it has, the mark goes and the taps
 * made on the painted screen meanwhile are made again on what is now the app's.
 */
import { useLayoutEffect } from 'react';
import type { FIRST_SCREEN_ATTRIBUTE } from '@app/contract/first-screen';
import { takeOverPaintedTaps } from '@app/host-sdk/painted-taps';

// The contract's value, spelled here: the contract stays out of the browser's bundle (its type checks the spelling).
const PAINTED: typeof FIRST_SCREEN_ATTRIBUTE = 'data-first-screen';
const PAINTED_ROOT = `#root[${PAINTED}]`;

/** The root, when it holds a screen the server painted that the app has not hydrated yet. */
export function paintedRoot(): HTMLElement | null {
  return document.querySelector<HTMLElement>(PAINTED_ROOT);
}

/** Whether the painted screen is a form, painted inert: the app's first render keeps it so, as hydration requires. */
export function paintedScreenIsInert(): boolean {
  return document.querySelector(`${PAINTED_ROOT} .app-layout__page[inert]`) !== null;
}

/**
 * Rendered in the first page after its content (`AppFrame`'s `firstPageEnd`; the root's error page draws one too): its
 * layout effect runs once that page is the app's (hydrated, or drawn anew where it could not be), after the page's
 * own. Then the mark goes, taps made on the painted screen meanwhile are made again on the same elements, and
 * `onTaken` says so.
 */
export function PaintedScreenHandover({ onTaken }: { onTaken?: () => void }) {
  useLayoutEffect(() => {
    const root = paintedRoot();
    if (!root) return;
    root.removeAttribute(PAINTED);
    void takeOverPaintedTaps(root)();
    onTaken?.();
  }, [onTaken]);
  return null;
}
