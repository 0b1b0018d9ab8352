/**
 * A row of a list (PagedList's items): a card with its title (cut with … when too long), tags beside it and what it
 * shows at the right (an amount, a status), lines of facts under it, and optionally its actions under a line. A row
 * that opens something is a button: the whole row, or its body when it also has actions.
 */
import type { KeyboardEvent, ReactNode } from 'react';
import styles from './list-row.module.css';

export interface ListRowProps {
  title: ReactNode;
  /** Right after the title: tags, badges. */
  tags?: ReactNode;
  /** At the right end of the title's line: an amount, a status. */
  extra?: ReactNode;
  /** Before the title and lines: an avatar, an icon. */
  leading?: ReactNode;
  /** After them, centred: a button that acts on the row (移除). */
  trailing?: ReactNode;
  /** Under the title: ListRowLine's. */
  children?: ReactNode;
  /** Under the row behind a line: its buttons (编辑, 删除). */
  actions?: ReactNode;
  /** Opens the row: the row (or, with actions, its body) is then a button. */
  onClick?: () => void;
  /** The row's name: the article's, or the button's when the whole row is one. */
  'aria-label'?: string;
  /**
   * What the button is: the whole row (the default), or its body inside an article named by `aria-label` (always so
   * with actions).
   */
  press?: 'row' | 'body';
  /** A picker's row: a smaller title and padding. */
  compact?: boolean;
  /** Shown weaker (a disabled sub-code). */
  muted?: boolean;
  className?: string;
}

export interface ListRowLineProps {
  /** A weak label before the value (税号, 固定收款). */
  label?: ReactNode;
  children?: ReactNode;
  /** At the right end of the line. */
  extra?: ReactNode;
  /** Behind a dashed line (a row's foot). */
  divided?: boolean;
  /** One line, cut with … (else the value wraps). */
  truncate?: boolean;
  className?: string;
}

function pressWithKeys(onClick: () => void) {
  return (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    onClick();
  };
}

export function ListRow(props: ListRowProps) {
  const {
    title,
    tags,
    extra,
    leading,
    trailing,
    children,
    actions,
    onClick,
    press = 'row',
    compact = false,
    muted = false,
    className,
  } = props;
  const label = props['aria-label'];
  const body = (
    <>
      {leading}
      <div className={styles.main}>
        <div className={styles.head}>
          <span className={styles.title}>{title}</span>
          {tags}
          {extra ? <span className={styles.extra}>{extra}</span> : null}
        </div>
        {children}
      </div>
      {trailing}
    </>
  );
  const rowClasses = [styles.row, compact ? styles.compact : null, muted ? styles.muted : null, className].filter(Boolean).join(' ');
  const button = onClick ? { role: 'button', tabIndex: 0, onClick, onKeyDown: pressWithKeys(onClick) } : {};
  if (!actions && press === 'row') {
    // A row that is one button is named by its label (its title, and its amount where it has one: 店铺收款 +¥88.00),
    // which a voice user says to tap it, not by all its lines; `data-list-row` tells the accessibility test so
    // (e2e/tests/accessibility.spec.ts).
    const classes = [rowClasses, styles.body, onClick ? styles.tappable : null].filter(Boolean).join(' ');
    if (!onClick) {
      return (
        <article className={classes} aria-label={label} data-list-row="">
          {body}
        </article>
      );
    }
    return (
      // biome-ignore lint/a11y/useSemanticElements: a row holds block content (its lines, a trailing button) that a <button> may not contain.
      <div
        className={classes}
        aria-label={label}
        data-list-row=""
        role="button"
        tabIndex={0}
        onClick={onClick}
        onKeyDown={pressWithKeys(onClick)}
      >
        {body}
      </div>
    );
  }
  return (
    <article className={rowClasses} aria-label={label}>
      <div className={[styles.body, onClick ? styles.tappable : null].filter(Boolean).join(' ')} {...button}>
        {body}
      </div>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </article>
  );
}

export function ListRowLine({ label, children, extra, divided = false, truncate = false, className }: ListRowLineProps) {
  return (
    <div className={[styles.line, divided ? styles.divided : null, className].filter(Boolean).join(' ')}>
      {label ? <span className={styles.label}>{label}</span> : null}
      <span className={[styles.value, truncate ? styles.truncate : null].filter(Boolean).join(' ')}>{children}</span>
      {extra ? <span className={styles.lineExtra}>{extra}</span> : null}
    </div>
  );
}

/** A small label beside a row's title (企业, 6%); `accent` for the one that stands out (默认). */
export function RowBadge({ accent = false, children }: { accent?: boolean; children: ReactNode }) {
  return <span className={accent ? `${styles.badge} ${styles.accent}` : styles.badge}>{children}</span>;
}
