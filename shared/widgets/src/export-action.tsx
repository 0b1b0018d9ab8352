/**
 * 导出 at the right of a list's nav bar, and the export sheet it opens (`export-sheet`), whose code (the sheet, the
 * date pickers) is fetched on the first tap, not with the list.
 */
import { lazy, useState } from 'react';
import type { ExportSheetProps } from './export-sheet';
import styles from './export-sheet.module.css';
import { WhenOpened } from './when-opened';

const ExportSheet = lazy(() => import('./export-sheet').then((module) => ({ default: module.ExportSheet })));

export type ExportActionProps = Omit<ExportSheetProps, 'visible' | 'onClose'>;

export function ExportAction(props: ExportActionProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={styles.action} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        导出
      </button>
      <WhenOpened visible={open}>
        <ExportSheet visible={open} onClose={() => setOpen(false)} {...props} />
      </WhenOpened>
    </>
  );
}
