/**
 * A number the eye reads as one (an account's 尾号, a web address, a tax number, a hotline): kept on one line, so a
 * line breaks before or after it, never inside it (尾号234 / 5). Marked `data-digits`, which the browser tests of
 * the layout look for.
 */
import type { ReactNode } from 'react';
import styles from './digits.module.css';

export function Digits({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <span className={className ? `${styles.digits} ${className}` : styles.digits} data-digits="">
      {children}
    </span>
  );
}
