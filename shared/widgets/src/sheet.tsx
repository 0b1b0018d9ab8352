/**
 * A bottom sheet: a title bar with 取消, an optional fixed part under it (a search box), then its content scrolling.
 * The pickers (抬头, 商品, 税收分类) and the forms that open over a page use it.
 */
import type { ReactNode } from 'react';
import { Popup } from '@app/ui/popup';
import styles from './sheet.module.css';

export interface SheetProps {
  visible: boolean;
  /** The title bar's text, and the dialog's name. */
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Under the title bar, not scrolling: a search box. */
  toolbar?: ReactNode;
  /** The sheet's height: `fill` (70% of the screen, for lists) or `fit` (its content's, at most 85%). */
  height?: 'fill' | 'fit';
  /** Unmount the content when closed (the default): a picker opens with a fresh search. */
  destroyOnClose?: boolean;
  /** Once it has closed (its animation over): reset what the sheet's owner keeps for it. */
  afterClose?: () => void;
}

export function Sheet({ visible, title, onClose, children, toolbar, height = 'fill', destroyOnClose = true, afterClose }: SheetProps) {
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      afterClose={afterClose}
      position="bottom"
      destroyOnClose={destroyOnClose}
      bodyClassName={`${styles.sheet} ${height === 'fill' ? styles.fill : styles.fit}`}
    >
      <div className={styles.frame} role="dialog" aria-label={title}>
        <div className={styles.bar}>
          <span className={styles.title}>{title}</span>
          <button type="button" className={styles.close} onClick={onClose}>
            取消
          </button>
        </div>
        {toolbar ? <div className={styles.toolbar}>{toolbar}</div> : null}
        <div className={styles.content}>{children}</div>
      </div>
    </Popup>
  );
}
