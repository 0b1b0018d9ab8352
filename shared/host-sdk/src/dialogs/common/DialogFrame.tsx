/**
 * The frame of the host's dialogs (登录授权, 刷脸认证, 用户需知): a CenterPopup at 90% of the screen width with a title.
 * Tapping the overlay never closes it; a close button shows only when `onClose` is given.
 */
import type { ReactNode } from 'react';
import { CenterPopup } from '@app/ui/center-popup';
import './dialog-frame.css';

/** docs/product.md, "Constants": dialog width 90 percent. */
const WIDTH = '90vw';

export interface DialogFrameProps {
  title: string;
  /** The close button's action; without it the dialog has no close button (the agreement gate). */
  onClose?: () => void;
  children?: ReactNode;
}

export function DialogFrame({ title, onClose, children }: DialogFrameProps) {
  return (
    <CenterPopup
      visible
      role="dialog"
      aria-label={title}
      closeOnMaskClick={false}
      showCloseButton={!!onClose}
      onClose={onClose}
      className="app-dialog"
      bodyClassName="app-dialog__body"
      style={{ '--min-width': WIDTH, '--max-width': WIDTH }}
    >
      <h2 className="app-dialog__title">{title}</h2>
      <div className="app-dialog__content">{children}</div>
    </CenterPopup>
  );
}
