/**
 * 我的's first screen as the server paints it (first-screen.tsx): the page the app draws first from the same answers,
 * in the host's frame; the tab bar a company user's only.
 */
import { afterEach, describe, expect, test } from '@rstest/core';
import { cleanup, screen } from '@testing-library/react';
import type { TaxAccount } from '@app/contract/tax-account';
import type { UserDetail } from '@app/contract/user';
import { comparableMarkup, noAnswer, paintFirstScreen, renderPage, taxAccount, userDetail } from '@app/host-sdk/testing';
import * as firstScreen from './first-screen';
import { invitationFixture } from './test-support/invitations';
import MyPage from './pages/my/MyPage';
import { MY_META } from './pages/my/my-meta';

afterEach(cleanup);

/** The painted page beside the app's first render for the same user (the invitations not yet in). */
async function paintedAndDrawn(user: UserDetail, account?: TaxAccount | null) {
  const painted = await paintFirstScreen(firstScreen, '/my', { user, taxAccount: account });
  renderPage(<MyPage />, { url: '/my', meta: MY_META, user, taxAccount: account, calls: { 'company/myInvitations': noAnswer() } });
  await screen.findByRole('region', { name: '个人信息' });
  return { painted, page: painted?.querySelector('.app-layout > .app-layout__page--first') ?? null };
}

describe("我的's first screen painted by the server", () => {
  test("a company user's: who, the company's standing and the menu, as the app draws them first, with the tab bar", async () => {
    const { painted, page } = await paintedAndDrawn(userDetail({ nickname: '王芳' }), taxAccount());
    expect(page?.getAttribute('data-page')).toBe(MY_META.name);
    expect(page?.getAttribute('data-owner')).toBe('my');
    expect(comparableMarkup(page?.querySelector('.app-page') ?? null)).toBe(comparableMarkup(document.querySelector('.app-page')));
    expect(page?.textContent).toContain('王芳');
    expect(page?.textContent).toContain('退出登录');
    expect(painted?.querySelector('.app-tab-bar .adm-tab-bar-item-active')?.textContent).toBe('我的');
  });

  test("a personal user's: the same as the app's first render, without the tab bar", async () => {
    const person = userDetail({ nickname: '张晓', company: false, companyUser: false, companyInfo: null, permissions: [] });
    const { painted, page } = await paintedAndDrawn(person);
    expect(comparableMarkup(page?.querySelector('.app-page') ?? null)).toBe(comparableMarkup(document.querySelector('.app-page')));
    expect(page?.textContent).toContain('未绑定企业');
    expect(painted?.querySelector('.app-tab-bar')).toBeNull();
  });

  test('invitations waiting, as the page carries them: painted with their count and drawn so, without asking again', async () => {
    const person = userDetail({ nickname: '张晓', company: false, companyUser: false, companyInfo: null, permissions: [] });
    const carried = [{ path: 'company/myInvitations', body: {}, result: { list: [invitationFixture()] } }];
    const painted = await paintFirstScreen(firstScreen, '/my', { user: person, carried });
    const { api } = renderPage(<MyPage />, { url: '/my', meta: MY_META, user: person, carried });
    const page = painted?.querySelector('.app-layout > .app-layout__page--first .app-page') ?? null;
    expect(page?.textContent).toContain('1 个邀请待处理');
    expect(comparableMarkup(page)).toBe(comparableMarkup(document.querySelector('.app-page')));
    expect(api.bodiesOf('company/myInvitations')).toEqual([]);
  });

  test('any other address is left to the app', async () => {
    expect(await paintFirstScreen(firstScreen, '/my/settings', { user: userDetail() })).toBeNull();
  });
});
