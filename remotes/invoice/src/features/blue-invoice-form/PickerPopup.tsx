/** The bottom sheet the form picks from (goods, titles): a title bar with 取消, then its content scrolling. */
import type { ReactNode } from 'react';
import { Popup } from '@app/ui/popup';

export interface PickerPopupProps {
  visible: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}

export function PickerPopup({ visible, title, onClose, children }: PickerPopupProps) {
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} position="bottom" destroyOnClose bodyClassName="picker-popup">
      <div className="picker-popup__frame" role="dialog" aria-label={title}>
        <div className="picker-popup__bar">
          <span className="picker-popup__title">{title}</span>
          <a className="picker-popup__close" role="button" onClick={onClose}>
            取消
          </a>
        </div>
        <div className="picker-popup__content">{children}</div>
      </div>
    </Popup>
  );
}
