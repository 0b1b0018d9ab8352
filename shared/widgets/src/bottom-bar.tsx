/**
 * The action bar fixed to the bottom of a page, above the phone's home indicator, with the room it takes kept free at
 * the end of the page, so the last row of a list is never hidden under it.
 */
import type { ReactNode } from 'react';
import styles from './bottom-bar.module.css';

export function BottomBar({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <>
      <div className={styles.room} aria-hidden="true" />
      <div className={[styles.bar, className].filter(Boolean).join(' ')}>{children}</div>
    </>
  );
}
