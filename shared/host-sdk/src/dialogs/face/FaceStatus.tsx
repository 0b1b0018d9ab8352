/** Today's face-authentication state; when it is missing, what that blocks. */
import { chinaDateTime } from '@app/domain/china-time';
import { Skeleton } from '@app/ui/skeleton';
import { isFaceAuthenticated } from '../../roles';
import type { TaxAccount } from '@app/contract/tax-account';

export function FaceStatus({ account }: { account: TaxAccount | null | undefined }) {
  if (account === undefined) return <Skeleton.Paragraph lineCount={2} animated />;
  if (isFaceAuthenticated(account)) {
    // In China time, as the server decides "today", whatever the phone's time zone.
    const time = account?.scanFaceTime ? chinaDateTime(account.scanFaceTime) : '';
    return (
      <div className="face-status face-status--done" role="status">
        <p className="face-status__state">今日已认证</p>
        {time ? <p className="face-status__detail">认证时间 {time}</p> : null}
      </div>
    );
  }
  return (
    <div className="face-status face-status--missing" role="status">
      <p className="face-status__state">今日未认证</p>
      <p className="face-status__detail">完成刷脸认证前，开具发票等涉税任务将会失败</p>
    </div>
  );
}
