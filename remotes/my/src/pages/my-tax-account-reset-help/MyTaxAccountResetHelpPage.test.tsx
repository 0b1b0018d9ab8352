import { afterEach, describe, expect, test } from '@rstest/core';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { renderPage, userDetail } from '@app/host-sdk/testing';
import type { ServicesConfig } from '@app/contract/service';
import type { UserDetail } from '@app/contract/user';
import MyTaxAccountResetHelpPage from './MyTaxAccountResetHelpPage';
import { regionOfTaxNumber } from './reset-guides';

const CONFIG: ServicesConfig = {
  id: 1,
  appHotLine: '400-800-1234',
  etaxAreas: [
    { code: '33', name: '浙江' },
    { code: '31', name: '上海' },
    { code: '32', name: '江苏' },
    { code: '44', name: '广东' },
  ],
  systemServiceConfig: { available: 'all', closeReason: '' },
  frontVersion: 100,
  demo: true,
};
const COMPANY = userDetail().companyInfo as NonNullable<UserDetail['companyInfo']>;

function open(user: UserDetail = userDetail(), servicesConfig: ServicesConfig | null = CONFIG) {
  return renderPage(<MyTaxAccountResetHelpPage />, { url: '/my/taxAccount/resetHelp', user, servicesConfig });
}

const steps = () => screen.getByRole('region', { name: '重置步骤' });
const stepTitles = () =>
  within(steps())
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.reset-help__step-title')?.textContent);

afterEach(cleanup);

describe('MyTaxAccountResetHelpPage', () => {
  test("the company's own region first (上海 for 91310000…), with the numbered steps", () => {
    open();
    expect(document.title).toBe('重置密码帮助');
    expect(within(steps()).getByText('国家税务总局上海市电子税务局')).toBeTruthy();
    expect(stepTitles()).toEqual(['打开电子税务局', '选择“忘记密码”', '验证身份', '设置新密码', '回到优税通设置账号']);
    expect(within(steps()).getByText(/etax\.shanghai\.chinatax\.gov\.cn/)).toBeTruthy();
  });

  test('choosing another region shows its guide; 其他地区 the general one', () => {
    open();
    fireEvent.click(screen.getByText('浙江'));
    expect(within(steps()).getByText('国家税务总局浙江省电子税务局')).toBeTruthy();
    expect(within(steps()).getByText(/浙江地区找回密码后/)).toBeTruthy();
    fireEvent.click(screen.getByText('广东'));
    expect(within(steps()).getByText(/深圳市的企业/)).toBeTruthy();
    fireEvent.click(screen.getByText('其他地区'));
    expect(within(steps()).getByText('所在省（市）的电子税务局')).toBeTruthy();
    expect(within(steps()).getByText(/12366/)).toBeTruthy();
  });

  test('a company of a region without its own guide starts on the first region; no config: the general guide', () => {
    open(userDetail({ companyInfo: { ...COMPANY, xsfNsrsbh: '91110000802100433B' } }));
    expect(within(steps()).getByText('国家税务总局浙江省电子税务局')).toBeTruthy();
    cleanup();
    open(userDetail(), null);
    expect(within(steps()).getByText('所在省（市）的电子税务局')).toBeTruthy();
  });

  test('已重置，去设置账号 opens 设置账号', () => {
    const { url } = open();
    fireEvent.click(screen.getByRole('button', { name: '已重置，去设置账号' }));
    expect(url()).toBe('/my/taxAccount/set');
  });

  test('the region of a tax number', () => {
    expect(regionOfTaxNumber('91330100MA2H4K6P0Y')).toBe('33');
    expect(regionOfTaxNumber('123')).toBeNull();
    expect(regionOfTaxNumber(null)).toBeNull();
  });
});
