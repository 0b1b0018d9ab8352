/**
 * A card: a white box on the page background, with the app's side gap and corners (the theme's tokens), and
 * optionally a section header as its first line. What a page shows in blocks (a detail, a result, a state) sits in one.
 */
import type { AriaRole, ReactNode } from 'react';
import { SectionHeader } from './section-header';
import styles from './card.module.css';

export interface CardProps {
  /** The card's head (a SectionHeader): its title… */
  title?: ReactNode;
  /** …and what it shows at the right. */
  extra?: ReactNode;
  children?: ReactNode;
  /** `section` (the default) is a landmark named by its title or aria-label; `div` is a plain box. */
  as?: 'section' | 'article' | 'div';
  /** Without the side gap: a card inside a box that has its own. */
  flush?: boolean;
  /** A page's headline block: rounder, with a shadow. */
  raised?: boolean;
  className?: string;
  role?: AriaRole;
  'aria-label'?: string;
  'aria-busy'?: boolean;
}

export function Card({ title, extra, children, as: Element = 'section', flush = false, raised = false, className, ...aria }: CardProps) {
  const classes = [styles.card, flush ? styles.flush : null, raised ? styles.raised : null, className].filter(Boolean).join(' ');
  return (
    <Element className={classes} {...aria}>
      {title ? <SectionHeader title={title} extra={extra} className={styles.head} /> : null}
      {children}
    </Element>
  );
}

/** A line of a card's facts: its label at the left, its value at the right (时间, 订单号…). */
export function DetailRow({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.detail}>
      <span className={styles.label}>{label}</span>
      <span className={styles.value}>{children}</span>
    </div>
  );
}
