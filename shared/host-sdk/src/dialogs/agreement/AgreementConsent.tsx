/** The consent checkbox; after a confirm attempt without it, what is missing and why it is needed (docs/product.md, "Constants"). */
import { Checkbox } from '@app/ui/checkbox';

export const AGREEMENT_REQUIRED_MESSAGE = '请阅读协议内容';
export const AGREEMENT_REQUIRED_HINT = '您需要同意授权协议后才能继续使用优税通';

export interface AgreementConsentProps {
  checked: boolean;
  onChange(checked: boolean): void;
  showRequired: boolean;
}

export function AgreementConsent({ checked, onChange, showRequired }: AgreementConsentProps) {
  return (
    <div className="agreement-consent">
      <Checkbox checked={checked} onChange={onChange} style={{ '--icon-size': '18px', '--font-size': '14px', '--gap': '8px' }}>
        我已阅读并同意授权协议
      </Checkbox>
      {showRequired ? (
        <div role="alert">
          <p className="agreement-consent__error">{AGREEMENT_REQUIRED_MESSAGE}</p>
          <p className="agreement-consent__hint">{AGREEMENT_REQUIRED_HINT}</p>
        </div>
      ) : null}
    </div>
  );
}
