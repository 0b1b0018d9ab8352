/**
 * 刷脸认证 (docs/product.md, "Screens and the host"): today's face-authentication state (re-queried every 2 s while shown), 开始认证, and the QR code
 * to scan with the regional tax app. Closing resolves the opener with whether today's authentication is done.
 */
import { useCallback, useState } from 'react';
import { Button } from '@app/ui/button';
import type { DialogProps } from '../../dialogs';
import { isFaceAuthenticated } from '../../roles';
import { useTaxAccount } from '../../session-hooks';
import { DialogFrame } from '../common/DialogFrame';
import { FaceHelpPopup } from './FaceHelpPopup';
import { FaceQrPopup } from './FaceQrPopup';
import { FaceStatus } from './FaceStatus';
import { useAccountPolling } from './use-account-polling';
import { useFaceTask } from './use-face-task';
import './face-dialog.css';

export default function FaceDialog({ onClose }: DialogProps) {
  const { account } = useTaxAccount();
  useAccountPolling();
  const face = useFaceTask(onClose);
  const [helpOpen, setHelpOpen] = useState(false);
  const authenticated = isFaceAuthenticated(account);
  const close = useCallback(() => onClose(authenticated), [onClose, authenticated]);
  const reopenQr = face.qr !== null && !face.qrOpen;

  return (
    <DialogFrame title="刷脸认证" onClose={close}>
      <FaceStatus account={account} />
      <Button
        block
        color="primary"
        size="large"
        className="face-dialog__start"
        loading={face.preparing}
        loadingText="正在获取认证二维码"
        onClick={reopenQr ? face.openQr : () => void face.start()}
      >
        {reopenQr ? '查看认证二维码' : '开始认证'}
      </Button>
      <p className="face-dialog__note">认证成功后当日有效</p>
      {face.qr ? <FaceQrPopup visible={face.qrOpen} qr={face.qr} onClose={face.closeQr} onHelp={() => setHelpOpen(true)} /> : null}
      <FaceHelpPopup visible={helpOpen} onClose={() => setHelpOpen(false)} />
    </DialogFrame>
  );
}
