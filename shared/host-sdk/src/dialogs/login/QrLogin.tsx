/** The QR screen: a placeholder until the code arrives, the code with its hints and help, or the failure view. */
import { useState } from 'react';
import { DotLoading } from '@app/ui/dot-loading';
import { Skeleton } from '@app/ui/skeleton';
import { QrImage } from '../common/QrImage';
import { ScanHints } from '../common/ScanHints';
import { QrLoginFailed } from './QrLoginFailed';
import { QrLoginHelp } from './QrLoginHelp';
import { useQrLogin } from './use-qr-login';

/** docs/product.md, "Constants": the login QR image has 80 px of white around the code. */
export const LOGIN_QR_PADDING = 80;
const HINTS = ['长按二维码保存到手机', '登录后请等待状态刷新'] as const;

export function QrLogin({ onClose }: { onClose(done: boolean): void }) {
  const { state, relogin } = useQrLogin(onClose);
  const [helpOpen, setHelpOpen] = useState(false);

  if (state.kind === 'failed') return <QrLoginFailed reason={state.reason} onRelogin={relogin} />;
  if (!state.qr) {
    return (
      <div className="qr-login qr-login--waiting" aria-busy="true">
        <Skeleton animated className="qr-login__placeholder" />
        <div className="qr-login__status" role="status">
          正在获取登录二维码
          <DotLoading color="currentColor" />
        </div>
      </div>
    );
  }
  return (
    <div className="qr-login">
      <QrImage src={state.qr} alt="登录二维码" padding={LOGIN_QR_PADDING} maxWidth={280} />
      <ScanHints caption="请使用电子税务局App扫码登录" hints={HINTS} helpText="如何扫码登录？" onHelp={() => setHelpOpen(true)} />
      <QrLoginHelp visible={helpOpen} onClose={() => setHelpOpen(false)} />
    </div>
  );
}
