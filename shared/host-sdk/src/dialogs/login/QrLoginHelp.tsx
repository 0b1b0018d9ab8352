/** The help dialog of QR login: the 6 steps of scanning the saved image with the regional tax app. */
import { Dialog } from '@app/ui/dialog';
import { LOGIN_SCAN_STEPS, ScanSteps } from '../common/ScanSteps';

export function QrLoginHelp({ visible, onClose }: { visible: boolean; onClose(): void }) {
  return (
    <Dialog
      visible={visible}
      title="扫码登录步骤"
      content={<ScanSteps steps={LOGIN_SCAN_STEPS} />}
      closeOnAction
      closeOnMaskClick
      onClose={onClose}
      actions={[{ key: 'ok', text: '我知道了' }]}
    />
  );
}
