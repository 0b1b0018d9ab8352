/** Why the user must authorise 优税通, with the link to the agreement. */
export function AgreementIntro({ onOpenAgreement }: { onOpenAgreement(): void }) {
  return (
    <p className="agreement-intro">
      使用优税通开具发票等服务，需要您授权优税通代您登录电子税务局并办理相关涉税事项。请仔细阅读
      <button type="button" className="agreement-intro__link" onClick={onOpenAgreement}>
        《用户授权协议》
      </button>
      ，同意后即可继续使用。
    </p>
  );
}
