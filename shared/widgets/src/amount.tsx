/**
 * An amount of money as the screen shows it: integer fen as `¥1,234.50` (`@app/domain/money`), optionally with its
 * sign (`+¥88.00`), in the app's amount style (tabular figures; plain, money in, or red).
 */
import type { ReactNode } from 'react';
import { formatSignedYuan, formatYuan } from '@app/domain/money';
import styles from './amount.module.css';

export type AmountTone = 'plain' | 'in' | 'red';
export type AmountSize = 'small' | 'medium' | 'large';

export interface AmountProps {
  fen: number;
  /** A change of money: `+¥88.00`, `-¥50.00`. */
  signed?: boolean;
  /** Money in (income, a credit) or red (a red invoice, a total to reverse). Plain by default. */
  tone?: AmountTone;
  /** small 13px, medium 17px (a row's amount), large 22px (a page's headline figure). Inherits when not given. */
  size?: AmountSize;
  className?: string;
}

/** The text of an amount: `¥1,234.50`, or with its sign. */
export function amountText(fen: number, signed = false): string {
  return signed ? formatSignedYuan(fen) : formatYuan(fen);
}

export function Amount({ fen, signed = false, tone = 'plain', size, className }: AmountProps): ReactNode {
  const classes = [styles.amount, styles[tone], size ? styles[size] : null, className].filter(Boolean).join(' ');
  return <span className={classes}>{amountText(fen, signed)}</span>;
}
