import { afterEach, describe, expect, rs, test } from '@rstest/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toast } from '@app/ui/toast';
import { sessionStore, userDetailAtom } from '../../session';
import { fail, ok, renderPage, userDetail, type Route } from '../../testing';
import { PRIVACY_POLICY_VERSION } from '@app/domain/privacy-policy';
import AgreementDialog from './AgreementDialog';

afterEach(cleanup);

const AGREEMENT = {
  id: 3,
  version: '2024.1',
  title: '用户授权协议',
  content: '<h3>一、授权范围</h3><p>您授权优税通代您登录电子税务局。</p>',
  createdAt: '2024-01-01T00:00:00.000Z',
};

/** The dialog for a company manager who has not agreed yet. */
function openAgreement(routes: Record<string, Route> = {}, accepted: string | null = null) {
  const onClose = rs.fn();
  const { api } = renderPage(<AgreementDialog onClose={onClose} />, {
    user: userDetail({ account: { username: 'li', agreed: false, privacyPolicyVersion: accepted } }),
    servicesConfig: {
      id: 1,
      appHotLine: '400-820-1234',
      etaxAreas: [],
      systemServiceConfig: { available: 'all', closeReason: '' },
      frontVersion: 100,
      demo: true,
    },
    calls: { 'taxAccount/getAgreement': ok(AGREEMENT), 'taxAccount/agreedAgreement': ok({ agreed: true }), ...routes },
  });
  return { api, onClose };
}

describe('AgreementDialog', () => {
  test('a notice that cannot be closed, with the agreement as rich text behind the link', async () => {
    openAgreement();
    const notice = await screen.findByRole('dialog', { name: '用户需知' });
    expect(notice.textContent).toContain('需要您授权优税通');
    expect(document.querySelector('.adm-center-popup-close')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '《用户授权协议》' }));
    expect(await screen.findByText('用户授权协议')).toBeTruthy();
    const heading = await screen.findByRole('heading', { name: '一、授权范围' });
    expect(heading.closest('.agreement-content')).toBeTruthy();
    expect(screen.getByText('您授权优税通代您登录电子税务局。')).toBeTruthy();
    fireEvent.click(screen.getByText('我知道了'));
    await waitFor(() => expect((heading.closest('.adm-center-popup') as HTMLElement).style.display).toBe('none'), { timeout: 3000 });
  });

  test('确认 unticked asks to read the agreement; ticked, it accepts it, marks the account agreed and closes', async () => {
    const { api, onClose } = openAgreement();
    await waitFor(() => expect(api.bodiesOf('taxAccount/getAgreement')).toHaveLength(1));
    expect(screen.queryByText('请阅读协议内容')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '确认' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('请阅读协议内容')).toBeTruthy();
    expect(within(alert).getByText('您需要同意授权协议后才能继续使用优税通')).toBeTruthy();
    expect(api.bodiesOf('taxAccount/agreedAgreement')).toHaveLength(0);

    fireEvent.click(screen.getByText('我已阅读并同意授权协议'));
    await waitFor(() => expect(screen.queryByText('请阅读协议内容')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: '确认' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(api.bodiesOf('taxAccount/agreedAgreement')).toEqual([{ id: 3, privacyPolicyVersion: PRIVACY_POLICY_VERSION }]);
    expect(sessionStore.get(userDetailAtom)?.account).toMatchObject({ agreed: true, privacyPolicyVersion: PRIVACY_POLICY_VERSION });
  });

  test('a failure to accept shows the server message, or 更新授权协议状态失败! without one', async () => {
    const { api, onClose } = openAgreement({ 'taxAccount/agreedAgreement': fail(4004, '协议不存在') });
    await waitFor(() => expect(api.bodiesOf('taxAccount/getAgreement')).toHaveLength(1));
    fireEvent.click(screen.getByText('我已阅读并同意授权协议'));
    fireEvent.click(screen.getByRole('button', { name: '确认' }));
    expect(await screen.findByText('协议不存在')).toBeTruthy();
    Toast.clear();

    api.route('taxAccount/agreedAgreement', fail(5000, ''));
    fireEvent.click(screen.getByRole('button', { name: '确认' }));
    expect(await screen.findByText('更新授权协议状态失败!')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(sessionStore.get(userDetailAtom)?.account.agreed).toBe(false);
  });

  test('《隐私政策》 opens over the notice and 返回 leaves the notice as it was (the box stays ticked)', async () => {
    const { api, onClose } = openAgreement();
    const notice = await screen.findByRole('dialog', { name: '用户需知' });
    expect(within(notice).queryByText('《隐私政策》已更新，请重新阅读并确认。')).toBeNull();
    fireEvent.click(screen.getByText('我已阅读并同意授权协议'));

    fireEvent.click(within(notice).getByRole('button', { name: '《隐私政策》' }));
    const policy = await screen.findByRole('dialog', { name: '隐私政策' });
    expect(within(policy).getByRole('heading', { level: 1, name: '优税通隐私政策' })).toBeTruthy();
    expect(within(policy).getByText(`版本 ${PRIVACY_POLICY_VERSION}，自 ${PRIVACY_POLICY_VERSION} 起生效`)).toBeTruthy();
    expect(within(policy).getAllByRole('heading', { level: 2 }).length).toBe(6);
    fireEvent.click(within(policy).getByRole('button', { name: '返回' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '隐私政策' })).toBeNull(), { timeout: 3000 });

    // Still ticked: 确认 accepts at once.
    fireEvent.click(screen.getByRole('button', { name: '确认' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(api.bodiesOf('taxAccount/agreedAgreement')).toEqual([{ id: 3, privacyPolicyVersion: PRIVACY_POLICY_VERSION }]);
  });

  test('asked again because the 隐私政策 changed since the one accepted: the notice says it was updated', async () => {
    openAgreement({}, '2025-06-30');
    const notice = await screen.findByRole('dialog', { name: '用户需知' });
    expect(within(notice).getByText('《隐私政策》已更新，请重新阅读并确认。')).toBeTruthy();
  });
});
