/** The help popup of face authentication: the 6 steps in the regional tax app. */
import { Popup } from '@app/ui/popup';
import { FACE_SCAN_STEPS, ScanSteps } from '../common/ScanSteps';

export function FaceHelpPopup({ visible, onClose }: { visible: boolean; onClose(): void }) {
  return (
    <Popup visible={visible} onClose={onClose} closeOnMaskClick showCloseButton bodyClassName="face-popup" aria-label="刷脸认证步骤">
      <h3 className="face-popup__title">刷脸认证步骤</h3>
      <ScanSteps steps={FACE_SCAN_STEPS} />
    </Popup>
  );
}
