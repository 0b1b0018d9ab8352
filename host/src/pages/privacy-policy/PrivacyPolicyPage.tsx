/** `/privacy`: 隐私政策, readable by anyone, signed in or not (from 我的; the agreement dialog shows the same text). */
import { Page } from '@app/ui/page';
import { PrivacyPolicy } from '@app/host-sdk/privacy-policy';

export function PrivacyPolicyPage() {
  return (
    <Page title="隐私政策">
      <PrivacyPolicy />
    </Page>
  );
}
