/** Why the user must authorise 优税通, with the links to the agreement and to 隐私政策. */
export interface AgreementIntroProps {
  onOpenAgreement(): void;
  onOpenPrivacyPolicy(): void;
  /** The 隐私政策 version the person accepted before, when it is older than the one in force. */
  updatedFrom?: string | null;
}

export function AgreementIntro({ onOpenAgreement, onOpenPrivacyPolicy, updatedFrom }: AgreementIntroProps) {
  return (
    <>
      {updatedFrom ? <p className="agreement-intro agreement-intro--updated">《隐私政策》已更新，请重新阅读并确认。</p> : null}
      <p className="agreement-intro">
        使用优税通开具发票等服务，需要您授权优税通代您登录电子税务局并办理相关涉税事项。请仔细阅读
        <button type="button" className="agreement-intro__link" onClick={onOpenAgreement}>
          《用户授权协议》
        </button>
        和
        <button type="button" className="agreement-intro__link" onClick={onOpenPrivacyPolicy}>
          《隐私政策》
        </button>
        ，同意后即可继续使用。
      </p>
    </>
  );
}
