/**
 * A tab's first screen painted by the server (docs/architecture.md, "First screens from the server"): the page arrives
 * with it in place of the shell and with the app's root hidden; the app renders into the root meanwhile, and its first
 * page takes the painted screen's place in the same frame.
 */
import { useLayoutEffect } from 'react';
import type { PAINTED_SCREEN_ID } from '@app/contract/first-screen';
import { takeOverPaintedTaps } from '@app/host-sdk/painted-taps';

// The contract's value, spelled here: the contract stays out of the browser's bundle (its type checks the spelling).
const PAINTED: typeof PAINTED_SCREEN_ID = 'painted-screen';

export function hasPaintedScreen(): boolean {
  return document.getElementById(PAINTED) !== null;
}

function takeOverPaintedScreen(): void {
  const painted = document.getElementById(PAINTED);
  if (!painted) return;
  const root = painted.ownerDocument.getElementById('root');
  painted.remove();
  if (!root) return;
  root.removeAttribute('hidden');
  // Taps made on the painted screen while the app was on its way are made again on what the app drew there.
  void takeOverPaintedTaps(root)();
}

/**
 * Rendered first in the layout: its layout effect runs before the page's own (siblings in order), so what the page
 * measures as it mounts is already shown.
 */
export function PaintedScreenHandover() {
  useLayoutEffect(takeOverPaintedScreen, []);
  return null;
}
