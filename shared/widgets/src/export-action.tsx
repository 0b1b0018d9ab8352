/**
 * 导出 in a list's header, and the export sheet it opens (`export-sheet`), whose code (the sheet, the date pickers) is
 * fetched on the first tap, not with the list. Not in the nav bar: its right side is where the 演示环境 badge sits.
 */
import { lazy, useState } from 'react';
import type { ExportSheetProps } from './export-sheet';
import styles from './export-sheet.module.css';
import { WhenOpened } from './when-opened';

const ExportSheet = lazy(() => import('./export-sheet').then((module) => ({ default: module.ExportSheet })));

export interface ExportActionProps extends Omit<ExportSheetProps, 'visible' | 'onClose'> {
  /** `plain`: the primary colour on a white header; `onColor`: a light pill on a coloured totals card. */
  tone?: 'plain' | 'onColor';
}

export function ExportAction({ tone = 'plain', ...props }: ExportActionProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={`${styles.action} ${styles[tone]}`} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
          <path
            d="M8 2v8M4.5 6.5L8 10l3.5-3.5M2.5 13.5h11"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        导出
      </button>
      <WhenOpened visible={open}>
        <ExportSheet visible={open} onClose={() => setOpen(false)} {...props} />
      </WhenOpened>
    </>
  );
}
