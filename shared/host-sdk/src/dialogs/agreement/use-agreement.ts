/**
 * The agreement gate (docs/product.md, "Screens and the host"): the agreement is fetched when the notice opens; 确认 needs the checkbox ticked
 * (otherwise 请阅读协议内容 and a hint show under it), then accepts the agreement with the 隐私政策 version shown, marks
 * the user's account as agreed and closes.
 */
import { useCallback, useEffect, useState } from 'react';
import { Toast } from '@app/ui/toast';
import type { Agreement } from '@app/contract/tax-account';
import { isPrivacyPolicyCurrent, PRIVACY_POLICY_VERSION } from '@app/domain/privacy-policy';
import { callApi } from '../../api-client';
import { sessionStore, userDetailAtom } from '../../session';
import { DIALOG_HANDLED_CODES, messageOf, toastFailure } from '../common/api-errors';

export const UPDATE_AGREEMENT_FAILED = '更新授权协议状态失败!';
const LOAD_AGREEMENT_FAILED = '获取授权协议失败，请重试';

export function useAgreement(onClose: (done: boolean) => void) {
  const [agreement, setAgreement] = useState<Agreement | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const load = useCallback(async (): Promise<Agreement | null> => {
    setLoadError(null);
    try {
      const loaded = await callApi('taxAccount/getAgreement', {}, { handles: DIALOG_HANDLED_CODES });
      setAgreement(loaded);
      return loaded;
    } catch (error) {
      setLoadError(messageOf(error, LOAD_AGREEMENT_FAILED));
      return null;
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  /** 确认. */
  const confirm = async () => {
    if (!checked) {
      setAttempted(true);
      return;
    }
    if (confirming) return;
    setConfirming(true);
    try {
      const current = agreement ?? (await load());
      if (!current) {
        Toast.show({ icon: 'fail', content: UPDATE_AGREEMENT_FAILED });
        return;
      }
      // The version of the 隐私政策 this host shows: the server counts consent only to the one in force.
      await callApi(
        'taxAccount/agreedAgreement',
        { id: current.id, privacyPolicyVersion: PRIVACY_POLICY_VERSION },
        { handles: DIALOG_HANDLED_CODES },
      );
      const account = { agreed: true, privacyPolicyVersion: PRIVACY_POLICY_VERSION };
      sessionStore.set(userDetailAtom, (user) => (user ? { ...user, account: { ...user.account, ...account } } : user));
      onClose(true);
    } catch (error) {
      toastFailure(error, UPDATE_AGREEMENT_FAILED);
    } finally {
      setConfirming(false);
    }
  };

  const accepted = sessionStore.get(userDetailAtom)?.account.privacyPolicyVersion;
  return {
    agreement,
    /** The older 隐私政策 version the person accepted before, when they are asked again because it changed. */
    policyUpdatedFrom: accepted && !isPrivacyPolicyCurrent(accepted) ? accepted : null,
    loadError,
    reload: () => void load(),
    checked,
    setChecked,
    /** The box is unticked after a confirm attempt. */
    showRequired: attempted && !checked,
    confirming,
    confirm,
  };
}
