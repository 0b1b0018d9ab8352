/** Loading the session: a taxi company's cars that cannot be loaded are said once in a toast and block nothing. */
import { afterEach, beforeEach, describe, expect, rs, test } from '@rstest/core';
import { waitFor } from '@testing-library/react';
import { type Answer, fail, mockApi, ok, taxAccount, userDetail } from '../src/testing';
import { carsAtom, sessionStore, setToken, taxAccountAtom, userDetailAtom } from '../src/session';

const ui = rs.hoisted(() => ({ toast: rs.fn() }));
rs.mock('@app/ui/toast', () => ({ Toast: { show: ui.toast } }));

const { CARS_FAILED_MESSAGE, loadUserDetail, refreshTaxAccount, revalidateTaxAccount } = await import('../src/session-loader');

const BASE = userDetail();
const TAXI = userDetail({
  companyInfo: {
    ...(BASE.companyInfo as NonNullable<typeof BASE.companyInfo>),
    id: 'c-2',
    name: '杭州出租车有限公司',
    roleName: '出租车管理员',
  },
  permissions: ['company_user_role', 'taxi_trip_manage'],
});

beforeEach(() => {
  ui.toast.mockClear();
  setToken('tok-abcdefghijklmnopqrstuvwxyz');
  sessionStore.set(carsAtom, [{ id: 'stale', licensePlateNumber: '浙A00000' }]);
});
afterEach(() => {
  sessionStore.set(userDetailAtom, null);
  rs.restoreAllMocks();
});

describe('loadUserDetail', () => {
  test('a taxi user whose cars cannot be loaded: the user is loaded at once, and 获取公司车辆信息失败 shows once', async () => {
    const api = mockApi({
      'user/getOfficialAccountLoginUserInfo': ok(TAXI),
      'taxAccount/getTaxAccount': ok(taxAccount()),
      'taxiCar/getMyCars': fail(5000, '服务器错误'),
    });
    expect((await loadUserDetail()).companyInfo?.name).toBe('杭州出租车有限公司');
    await waitFor(() => expect(ui.toast).toHaveBeenCalledTimes(1));
    expect(ui.toast).toHaveBeenCalledWith(CARS_FAILED_MESSAGE);
    expect(CARS_FAILED_MESSAGE).toBe('获取公司车辆信息失败');
    expect(sessionStore.get(carsAtom)).toEqual([]);
    expect(api.calls.map((call) => call.path)).toEqual([
      'user/getOfficialAccountLoginUserInfo',
      'taxAccount/getTaxAccount',
      'taxiCar/getMyCars',
    ]);
  });

  test('cars that load show no toast', async () => {
    mockApi({
      'user/getOfficialAccountLoginUserInfo': ok(TAXI),
      'taxAccount/getTaxAccount': ok(taxAccount()),
      'taxiCar/getMyCars': ok([{ id: 'car-1', licensePlateNumber: '浙A12345' }]),
    });
    await loadUserDetail();
    await waitFor(() => expect(sessionStore.get(carsAtom)).toEqual([{ id: 'car-1', licensePlateNumber: '浙A12345' }]));
    expect(ui.toast).not.toHaveBeenCalled();
  });
});

describe('revalidateTaxAccount (a page that shows the account)', () => {
  test('right after the session loaded the account it asks nothing more; ten seconds later it asks again', async () => {
    const api = mockApi({ 'taxAccount/getTaxAccount': ok(taxAccount()) });
    await refreshTaxAccount();
    revalidateTaxAccount();
    expect(api.bodiesOf('taxAccount/getTaxAccount')).toHaveLength(1);

    const now = Date.now();
    rs.spyOn(Date, 'now').mockReturnValue(now + 10_001);
    revalidateTaxAccount();
    await waitFor(() => expect(api.bodiesOf('taxAccount/getTaxAccount')).toHaveLength(2));
  });

  test('while the session’s load is out, the page takes its answer instead of asking again', async () => {
    let answer: (value: Answer) => void = () => undefined;
    const api = mockApi({ 'taxAccount/getTaxAccount': () => new Promise((resolve) => (answer = resolve)) });
    sessionStore.set(taxAccountAtom, undefined);
    const loading = refreshTaxAccount();
    await waitFor(() => expect(api.bodiesOf('taxAccount/getTaxAccount')).toHaveLength(1));
    revalidateTaxAccount();
    answer(ok(taxAccount({ personName: '王芳' })));
    await loading;
    expect(sessionStore.get(taxAccountAtom)?.personName).toBe('王芳');
    expect(api.bodiesOf('taxAccount/getTaxAccount')).toHaveLength(1);
  });

  test('after a load that failed, it asks again at once', async () => {
    const api = mockApi({ 'taxAccount/getTaxAccount': fail(5000, '服务器错误') });
    await refreshTaxAccount();
    api.route('taxAccount/getTaxAccount', ok(taxAccount()));
    revalidateTaxAccount();
    await waitFor(() => expect(sessionStore.get(taxAccountAtom)?.nsrsbh).toBe(taxAccount().nsrsbh));
    expect(api.bodiesOf('taxAccount/getTaxAccount')).toHaveLength(2);
  });
});
