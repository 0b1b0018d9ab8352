/** The QR login failed (or expired): the reason and 重新登录. */
import { Button } from '@app/ui/button';
import { Result } from '@app/ui/result';

export function QrLoginFailed({ reason, onRelogin }: { reason: string; onRelogin(): void }) {
  return (
    <div className="qr-login-failed">
      <Result status="error" title="登录失败" description={reason} />
      <Button block color="primary" onClick={onRelogin}>
        重新登录
      </Button>
    </div>
  );
}
