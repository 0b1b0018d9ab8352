/**
 * 登录授权 (docs/product.md, "Screens and the host"): logs the company in to the tax bureau by SMS code or by scanning a QR code with the regional tax
 * app. Tapping the overlay does not close it; the close button resolves the opener with false.
 */
import { useCallback } from 'react';
import { Skeleton } from '@app/ui/skeleton';
import type { DialogProps } from '../../dialogs';
import { DialogFrame } from '../common/DialogFrame';
import { LoginMethods } from './LoginMethods';
import { LoginNotice } from './LoginNotice';
import { useLoginGate } from './use-login-gate';
import './login-dialog.css';

export const ACCOUNT_UNUSABLE_MESSAGE = '该电子税务局账号状态异常，暂不能登录';

export default function LoginDialog({ onClose }: DialogProps) {
  const gate = useLoginGate(onClose);
  const close = useCallback(() => onClose(false), [onClose]);
  return (
    <DialogFrame title="登录授权" onClose={close}>
      {gate.kind === 'ready' ? (
        <LoginMethods methods={gate.methods} onClose={onClose} />
      ) : gate.kind === 'unusable' ? (
        <LoginNotice message={ACCOUNT_UNUSABLE_MESSAGE} detail="请联系企业管理员在“税务账号”中核对电子税务局账号" />
      ) : (
        <Skeleton.Paragraph lineCount={4} animated />
      )}
    </DialogFrame>
  );
}
