/**
 * A sentence that explains, in the app's note style (the theme's text size, an easy line height): a weak note (what
 * happens next, a state's explanation), a hint to act on (长按二维码保存), or what went wrong. The page places it:
 * its margins are the page's own CSS (a div has none to begin with).
 */
import type { ReactNode } from 'react';
import styles from './note.module.css';

export interface NoteProps {
  children: ReactNode;
  /** weak (the default), hint (the primary colour: something to do), danger (what went wrong). */
  tone?: 'weak' | 'hint' | 'danger';
  /** 12px instead of the theme's text size: a fine print. */
  small?: boolean;
  as?: 'p' | 'div' | 'span' | 'h2' | 'h3';
  className?: string;
  role?: 'alert' | 'note' | 'status';
}

export function Note({ children, tone = 'weak', small = false, as: Element = 'div', className, role }: NoteProps) {
  return (
    <Element className={[styles.note, styles[tone], small ? styles.small : null, className].filter(Boolean).join(' ')} role={role}>
      {children}
    </Element>
  );
}
