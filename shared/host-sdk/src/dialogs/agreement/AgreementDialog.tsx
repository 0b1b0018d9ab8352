/**
 * 用户需知 (docs/product.md, "Screens and the host"): shown to company users who have not agreed to the authorisation agreement. It cannot be
 * closed; it resolves the opener with true once the user agreed. 《隐私政策》 opens over it, leaving it as it was.
 */
import { useState } from 'react';
import { Button } from '@app/ui/button';
import type { DialogProps } from '../../dialogs';
import { DialogFrame } from '../common/DialogFrame';
import { AgreementConsent } from './AgreementConsent';
import { AgreementContentDialog } from './AgreementContentDialog';
import { PrivacyPolicyPopup } from '../../privacy/PrivacyPolicyPopup';
import { AgreementIntro } from './AgreementIntro';
import { useAgreement } from './use-agreement';
import './agreement-dialog.css';

export default function AgreementDialog({ onClose }: DialogProps) {
  const agreement = useAgreement(onClose);
  const [reading, setReading] = useState(false);
  const [readingPolicy, setReadingPolicy] = useState(false);
  return (
    <DialogFrame title="用户需知">
      <AgreementIntro
        onOpenAgreement={() => setReading(true)}
        onOpenPrivacyPolicy={() => setReadingPolicy(true)}
        updatedFrom={agreement.policyUpdatedFrom}
      />
      <AgreementConsent checked={agreement.checked} onChange={agreement.setChecked} showRequired={agreement.showRequired} />
      <Button
        block
        color="primary"
        size="large"
        className="agreement-dialog__confirm"
        loading={agreement.confirming}
        onClick={() => void agreement.confirm()}
      >
        确认
      </Button>
      <AgreementContentDialog
        visible={reading}
        agreement={agreement.agreement}
        error={agreement.loadError}
        onRetry={agreement.reload}
        onClose={() => setReading(false)}
      />
      <PrivacyPolicyPopup visible={readingPolicy} onClose={() => setReadingPolicy(false)} />
    </DialogFrame>
  );
}
