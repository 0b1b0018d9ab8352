/** 用户授权协议: the agreement's rich text (sanitised on the server) in a scrolling area. */
import { Button } from '@app/ui/button';
import { Dialog } from '@app/ui/dialog';
import { DotLoading } from '@app/ui/dot-loading';
import type { Agreement } from '@app/contract/tax-account';

export interface AgreementContentDialogProps {
  visible: boolean;
  agreement: Agreement | null;
  error: string | null;
  onRetry(): void;
  onClose(): void;
}

function AgreementBody({ agreement, error, onRetry }: Pick<AgreementContentDialogProps, 'agreement' | 'error' | 'onRetry'>) {
  if (agreement) {
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the server stores agreements only through sanitizeAgreementHtml (formatting tags, web links; no scripts, handlers, styles or frames).
    return <div className="agreement-content" dangerouslySetInnerHTML={{ __html: agreement.content }} />;
  }
  if (error) {
    return (
      <div className="agreement-content agreement-content--error">
        <p>{error}</p>
        <Button size="small" color="primary" fill="outline" onClick={onRetry}>
          重试
        </Button>
      </div>
    );
  }
  return (
    <div className="agreement-content agreement-content--loading">
      <DotLoading color="primary" />
    </div>
  );
}

export function AgreementContentDialog({ visible, agreement, error, onRetry, onClose }: AgreementContentDialogProps) {
  return (
    <Dialog
      visible={visible}
      title="用户授权协议"
      content={<AgreementBody agreement={agreement} error={error} onRetry={onRetry} />}
      closeOnAction
      onClose={onClose}
      actions={[{ key: 'close', text: '我知道了' }]}
      style={{ '--min-width': '90vw', '--max-width': '90vw' }}
    />
  );
}
