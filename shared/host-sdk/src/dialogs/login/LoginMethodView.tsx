/** The screen of one login method; a method this version does not know says so. */
import type { LoginMethod } from '../../roles';
import { LoginNotice } from './LoginNotice';
import { QrLogin } from './QrLogin';
import { SmsLogin } from './SmsLogin';

export const UNSUPPORTED_METHOD_MESSAGE = '暂不支持该登录方式';

export interface LoginMethodViewProps {
  method: LoginMethod;
  onClose(done: boolean): void;
}

export function LoginMethodView({ method, onClose }: LoginMethodViewProps) {
  switch (method) {
    case 'sms':
      return <SmsLogin onClose={onClose} />;
    case 'qr':
      return <QrLogin onClose={onClose} />;
    default:
      return <LoginNotice message={UNSUPPORTED_METHOD_MESSAGE} />;
  }
}
