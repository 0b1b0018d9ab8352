/** 发送验证码, then 重新发送(239s)… while the resend countdown runs, then 重新发送. */
import { Button } from '@app/ui/button';

export interface SendCodeButtonProps {
  hasTask: boolean;
  countdown: number;
  disabled: boolean;
  loading: boolean;
  onSend(): void;
}

export function sendCodeLabel(hasTask: boolean, countdown: number): string {
  if (countdown > 0) return `重新发送(${countdown}s)`;
  return hasTask ? '重新发送' : '发送验证码';
}

export function SendCodeButton({ hasTask, countdown, disabled, loading, onSend }: SendCodeButtonProps) {
  return (
    <Button size="small" color="primary" fill="outline" className="send-code-button" disabled={disabled} loading={loading} onClick={onSend}>
      {sendCodeLabel(hasTask, countdown)}
    </Button>
  );
}
