import { describe, expect, test } from '@rstest/core';
import { canLogIn, isCompanyUser, isTaxiUser, loginMethods, needsAgreement } from '../src/roles';
import type { TaxAccount } from '@app/contract/tax-account';
import type { Permission, UserDetail } from '@app/contract/user';
import { isFinal, phaseOf } from '../src/task-polling';

function user(permissions: Permission[], company = true, username: string | null = 'u', agreed = false): UserDetail {
  const companyUser = company && (permissions.includes('company_manage') || permissions.includes('company_user_role'));
  return {
    id: 'u',
    nickname: 'n',
    avatarUrl: null,
    company,
    companyUser,
    companyInfo: null,
    permissions,
    account: { username, agreed, privacyPolicyVersion: null },
    tester: false,
  };
}

const account = (supportedLoginMethod: string[], accountState = 0) => ({ supportedLoginMethod, accountState }) as TaxAccount;

describe('roles (docs/product.md, "Roles")', () => {
  test('company user: a manager or a holder of company_user_role, in a company', () => {
    expect(isCompanyUser(user(['company_manage']))).toBe(true);
    expect(isCompanyUser(user(['company_user_role']))).toBe(true);
    expect(isCompanyUser(user(['taxi_trip_manage']))).toBe(false);
    expect(isCompanyUser(user(['company_manage'], false))).toBe(false);
    expect(isCompanyUser(null)).toBe(false);
  });

  test('taxi user: holder of taxi_trip_manage', () => {
    expect(isTaxiUser(user(['taxi_trip_manage']))).toBe(true);
    expect(isTaxiUser(user(['company_manage']))).toBe(false);
  });

  test('the agreement gate: company users with a username who have not agreed', () => {
    expect(needsAgreement(user(['company_user_role']))).toBe(true);
    expect(needsAgreement(user(['company_user_role'], true, 'u', true))).toBe(false);
    expect(needsAgreement(user(['company_user_role'], true, null))).toBe(false);
    expect(needsAgreement(user([], false))).toBe(false);
  });
});

describe('login modes (docs/product.md, "Tasks")', () => {
  test('SMS and QR when the account supports smscode, else QR; QR when the query failed', () => {
    expect(loginMethods(account(['smscode', 'qrcode']), false)).toEqual(['sms', 'qr']);
    expect(loginMethods(account(['qrcode']), false)).toEqual(['qr']);
    expect(loginMethods(account(['smscode']), true)).toEqual(['qr']);
    expect(loginMethods(null, false)).toEqual(['qr']);
  });

  test('an account can log in unless its state is 2 or 3', () => {
    expect(canLogIn(account([], 0))).toBe(true);
    expect(canLogIn(account([], 1))).toBe(true);
    expect(canLogIn(account([], 2))).toBe(false);
    expect(canLogIn(account([], 3))).toBe(false);
  });
});

describe('the task status table (docs/product.md, "Tasks")', () => {
  test.each([
    [0, 'pending', false],
    [10, 'pending', false],
    [2020, 'awaitSmsCode', false],
    [2010, 'awaitQrScan', false],
    [3010, 'awaitFaceScan', false],
    [1, 'success', true],
    [-1, 'failed', true],
  ] as const)('%i → %s (final: %s)', (status, phase, final) => {
    expect(phaseOf(status)).toBe(phase);
    expect(isFinal(phaseOf(status))).toBe(final);
  });
});
