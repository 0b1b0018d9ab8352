import { afterEach, beforeEach, describe, expect, test } from '@rstest/core';
import { waitFor } from '@testing-library/react';
import { fail, mockApi, ok, taxAccount, userDetail } from '../src/testing';
import { carsAtom, sessionStore, setToken, taxAccountAtom, taxAccountFailedAtom, userDetailAtom } from '../src/session';
import { reloadCompanySession, switchCompany } from '../src/company-switch';

const OLD = userDetail();
const TAXI = userDetail({
  companyInfo: {
    ...(OLD.companyInfo as NonNullable<typeof OLD.companyInfo>),
    id: 'c-2',
    name: '杭州出租车有限公司',
    roleName: '出租车管理员',
  },
  permissions: ['company_user_role', 'taxi_trip_manage'],
});

beforeEach(() => {
  setToken('tok-abcdefghijklmnopqrstuvwxyz');
  sessionStore.set(userDetailAtom, OLD);
  sessionStore.set(taxAccountAtom, taxAccount({ loginState: '已登录' }));
  sessionStore.set(taxAccountFailedAtom, false);
  sessionStore.set(carsAtom, []);
});
afterEach(() => {
  sessionStore.set(userDetailAtom, null);
});

describe('switchCompany', () => {
  test('changes the company on the server, then loads the new user detail, its tax account and its cars', async () => {
    const api = mockApi({
      'company/changeCompany': ok({ id: 'c-2' }),
      'user/getOfficialAccountLoginUserInfo': ok(TAXI),
      'taxAccount/getTaxAccount': ok(taxAccount({ nsrsbh: '91330100MA2XXXXX1Y', loginState: '未登录' })),
      'taxiCar/getMyCars': ok([{ id: 'car-1', licensePlateNumber: '浙A12345' }]),
    });
    const user = await switchCompany('c-2');
    expect(user.companyInfo?.name).toBe('杭州出租车有限公司');
    expect(sessionStore.get(userDetailAtom)?.companyInfo?.name).toBe('杭州出租车有限公司');
    expect(api.bodiesOf('company/changeCompany')).toEqual([{ id: 'c-2' }]);
    await waitFor(() => expect(sessionStore.get(carsAtom)).toEqual([{ id: 'car-1', licensePlateNumber: '浙A12345' }]));
    expect(sessionStore.get(taxAccountAtom)?.nsrsbh).toBe('91330100MA2XXXXX1Y');
    expect(api.calls.map((call) => call.path)).toEqual([
      'company/changeCompany',
      'user/getOfficialAccountLoginUserInfo',
      'taxAccount/getTaxAccount',
      'taxiCar/getMyCars',
    ]);
  });

  test("the previous company's tax account is forgotten before the new one arrives", async () => {
    let answerTaxAccount: (value: ReturnType<typeof ok>) => void = () => undefined;
    mockApi({
      'company/changeCompany': ok({ id: 'c-2' }),
      'user/getOfficialAccountLoginUserInfo': ok(TAXI),
      'taxAccount/getTaxAccount': () => new Promise((resolve) => (answerTaxAccount = resolve)),
      'taxiCar/getMyCars': ok([]),
    });
    await switchCompany('c-2');
    expect(sessionStore.get(taxAccountAtom)).toBeUndefined();
    answerTaxAccount(ok(taxAccount({ loginState: '未登录' })));
    await waitFor(() => expect(sessionStore.get(taxAccountAtom)?.loginState).toBe('未登录'));
  });

  test('a refused switch leaves the session as it was', async () => {
    const api = mockApi({ 'company/changeCompany': fail(1003, '您不是该企业的成员') });
    await expect(switchCompany('c-9')).rejects.toThrow('您不是该企业的成员');
    expect(sessionStore.get(userDetailAtom)).toBe(OLD);
    expect(sessionStore.get(taxAccountAtom)?.loginState).toBe('已登录');
    expect(api.calls.map((call) => call.path)).toEqual(['company/changeCompany']);
  });

  test('a user of no company loads no tax account or cars', async () => {
    const person = userDetail({ company: false, companyInfo: null, permissions: [] });
    const api = mockApi({ 'user/getOfficialAccountLoginUserInfo': ok(person) });
    await reloadCompanySession();
    expect(sessionStore.get(userDetailAtom)).toEqual(person);
    expect(sessionStore.get(taxAccountAtom)).toBeUndefined();
    expect(api.calls.map((call) => call.path)).toEqual(['user/getOfficialAccountLoginUserInfo']);
  });
});
