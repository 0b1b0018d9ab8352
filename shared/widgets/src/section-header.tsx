/**
 * The head of a section: its title, and at the right what it offers (查看全部 ›, a status tag). Above a list on the
 * page background, or as the first line of a Card (`<Card title>`).
 */
import type { ReactNode } from 'react';
import styles from './section-header.module.css';

export interface SectionHeaderProps {
  title: ReactNode;
  /** At the right: a link, a tag. */
  extra?: ReactNode;
  /** The heading level: 2 on a page, 3 in a card (the default). */
  level?: 2 | 3;
  className?: string;
}

export function SectionHeader({ title, extra, level = 3, className }: SectionHeaderProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className={[styles.header, className].filter(Boolean).join(' ')}>
      <Heading className={styles.title}>{title}</Heading>
      {extra ? <div className={styles.extra}>{extra}</div> : null}
    </div>
  );
}
