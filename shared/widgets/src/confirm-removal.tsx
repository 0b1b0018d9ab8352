/**
 * Removing something the user keeps (a title, goods, a sub-code, a member, a bind code): asked first, with the
 * confirm button in the danger colour, then removed, and what was done said in a toast. A failure the API client has
 * already shown; `onFailure` is for one the page explains itself.
 */
import type { ReactNode } from 'react';
import { confirmDialog, showToast } from '@app/ui/feedback';
import styles from './confirm-removal.module.css';

export interface RemovalOptions {
  /** The question's title: 删除抬头. */
  title: string;
  /** What it removes and what follows: 确定删除“甲公司”吗？删除后不可恢复。 */
  content: ReactNode;
  /** The confirm button: 删除 (the default), 移除, 作废. */
  action?: string;
  /** Removes it; resolves with what the toast says (已删除), or null to say nothing. */
  remove: () => Promise<string | null>;
  /** A failure the page explains itself (the API client has shown the others). */
  onFailure?: (error: unknown) => void | Promise<void>;
}

/** Resolves true once removed; false when the user kept it or the removal failed. */
export async function confirmRemoval({ title, content, action = '删除', remove, onFailure }: RemovalOptions): Promise<boolean> {
  const confirmed = await confirmDialog({
    title,
    content,
    confirmText: <span className={styles.danger}>{action}</span>,
    cancelText: '取消',
  });
  if (!confirmed) return false;
  try {
    const said = await remove();
    if (said) showToast({ icon: 'success', content: said });
    return true;
  } catch (error) {
    await onFailure?.(error);
    return false;
  }
}
