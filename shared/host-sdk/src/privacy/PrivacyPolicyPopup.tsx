/**
 * 隐私政策 over the agreement dialog: a full-screen layer that leaves the dialog (and its ticked box) as it was, so
 * the person reads the policy before agreeing without losing their place.
 */
import { Popup } from '@app/ui/popup';
import { PrivacyPolicy } from './PrivacyPolicy';

export interface PrivacyPolicyPopupProps {
  visible: boolean;
  onClose(): void;
}

export function PrivacyPolicyPopup({ visible, onClose }: PrivacyPolicyPopupProps) {
  return (
    <Popup visible={visible} position="right" onClose={onClose} destroyOnClose bodyStyle={{ width: '100vw', height: '100%' }}>
      <div role="dialog" aria-modal="true" aria-label="隐私政策" className="privacy-popup">
        <div className="privacy-popup__bar">
          <button type="button" className="privacy-popup__back" onClick={onClose}>
            返回
          </button>
          <span className="privacy-popup__title" aria-hidden="true">
            隐私政策
          </span>
        </div>
        <div className="privacy-popup__body">
          <PrivacyPolicy />
        </div>
      </div>
    </Popup>
  );
}
