/**
 * Renders its (lazily loaded) sheet only once it has been opened: a picker's code, and the animation and gesture
 * libraries behind antd-mobile's Popup and ActionSheet, are fetched when the user first taps, not with the page.
 */
import { Suspense, useState, type ReactNode } from 'react';

export function WhenOpened({ visible, children }: { visible: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(visible);
  if (visible && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
