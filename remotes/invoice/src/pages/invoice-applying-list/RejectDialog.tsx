/**
 * 拒绝 an application: the reason is required (≤ 100 characters) and the customer sees it in their applications.
 * Quick picks fill in the usual reasons.
 */
import { useState } from 'react';
import { formatYuan } from '@app/domain/money';
import { Dialog } from '@app/ui/dialog';
import { TextArea } from '@app/ui/text-area';
import { Toast } from '@app/ui/toast';
import { rejectApplication } from '../../features/applications/applications-api';
import type { Application } from '@app/contract/invoice-application';

export const REJECT_REASON_MAX = 100;
const REASON_FIELD = 'reject-dialog-reason';
const QUICK_REASONS = ['抬头信息有误', '金额与消费不符', '非本店消费', '重复申请'];

export interface RejectDialogProps {
  /** The application to reject; null keeps the dialog closed. */
  application: Application | null;
  onClose: () => void;
  onRejected: () => void;
}

export function RejectDialog({ application, onClose, onRejected }: RejectDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const change = (value: string) => {
    setReason(value);
    if (value.trim()) setError(null);
  };

  const reset = () => {
    setReason('');
    setError(null);
  };

  async function confirm() {
    if (!application) return;
    const trimmed = reason.trim();
    if (!trimmed) {
      setError('请填写拒绝原因');
      return;
    }
    try {
      await rejectApplication(application.id, trimmed);
    } catch {
      // The API client has shown the error; the dialog stays open to try again.
      return;
    }
    Toast.show({ icon: 'success', content: '已拒绝' });
    onRejected();
  }

  return (
    <Dialog
      visible={application !== null}
      title="拒绝开票申请"
      afterClose={reset}
      onClose={onClose}
      closeOnMaskClick
      content={
        application ? (
          <div className="reject-dialog">
            <div className="reject-dialog__subject">
              <span className="reject-dialog__buyer">{application.buyer.name}</span>
              <span className="reject-dialog__amount">{formatYuan(application.grossFen)}</span>
            </div>
            <fieldset className="reject-dialog__quick" aria-label="常用原因">
              {QUICK_REASONS.map((quick) => (
                <button
                  type="button"
                  key={quick}
                  className={`reject-dialog__chip${reason === quick ? ' reject-dialog__chip--active' : ''}`}
                  onClick={() => change(quick)}
                >
                  {quick}
                </button>
              ))}
            </fieldset>
            <label className="reject-dialog__label" htmlFor={REASON_FIELD}>
              <span className="reject-dialog__required" aria-hidden="true">
                *
              </span>
              拒绝原因
            </label>
            <div className={`reject-dialog__field${error ? ' reject-dialog__field--error' : ''}`}>
              <TextArea
                id={REASON_FIELD}
                placeholder="请填写拒绝原因，客户将看到该原因"
                value={reason}
                onChange={change}
                maxLength={REJECT_REASON_MAX}
                showCount
                rows={3}
              />
            </div>
            {error ? (
              <div className="reject-dialog__error" role="alert">
                {error}
              </div>
            ) : null}
          </div>
        ) : null
      }
      actions={[
        [
          { key: 'cancel', text: '取消', onClick: onClose },
          { key: 'reject', text: '确认拒绝', bold: true, danger: true, onClick: confirm },
        ],
      ]}
    />
  );
}
