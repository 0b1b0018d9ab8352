/** The action bar fixed to the bottom of a page, above the phone's home indicator. */
import type { ReactNode } from 'react';
import './bottom-bar.css';

export function BottomBar({ children }: { children: ReactNode }) {
  return <div className="bottom-bar">{children}</div>;
}
