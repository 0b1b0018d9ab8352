import { describe, expect, test } from '@rstest/core';
import fc from 'fast-check';
import { MEMBER_ROLE_KEYS, MEMBER_ROLES, mobileProblem, MOBILE_PATTERN, roleOfPermissions } from '../src/company-roles';

describe('member roles', () => {
  test('every role is a company user, and only the manager manages the company', () => {
    for (const role of MEMBER_ROLE_KEYS) {
      const { permissions, roleName } = MEMBER_ROLES[role];
      expect(roleName.length).toBeGreaterThan(0);
      expect(permissions).toContain('company_user_role');
      expect((permissions as readonly string[]).includes('company_manage')).toBe(role === 'manager');
    }
  });

  test('roleOfPermissions gives back each role from its own permissions', () => {
    for (const role of MEMBER_ROLE_KEYS) expect(roleOfPermissions(MEMBER_ROLES[role].permissions)).toBe(role);
  });

  test('roleOfPermissions: the most powerful role wins, and no permissions is an employee', () => {
    expect(roleOfPermissions([])).toBe('employee');
    expect(roleOfPermissions(['company_manage', 'company_user_role', 'taxi_trip_manage'])).toBe('manager');
    expect(roleOfPermissions(['company_user_role', 'taxi_trip_manage', 'benefit_payment'])).toBe('taxi_manager');
    fc.assert(
      fc.property(fc.subarray(['company_manage', 'company_user_role', 'taxi_trip_manage', 'benefit_payment']), (permissions) => {
        const role = roleOfPermissions(permissions);
        expect(MEMBER_ROLE_KEYS).toContain(role);
        if (permissions.includes('company_manage')) expect(role).toBe('manager');
        else expect(role).not.toBe('manager');
      }),
    );
  });
});

describe('mobile numbers', () => {
  test('11 digits starting with 13-19', () => {
    expect(mobileProblem('13800000001')).toBeNull();
    expect(mobileProblem('19912345678')).toBeNull();
    expect(mobileProblem('')).toBe('请填写手机号');
    for (const bad of ['12800000001', '1380000000', '138000000012', '1380000000a', '+8613800000001', '0571-8888000'])
      expect(mobileProblem(bad)).toBe('请填写 11 位手机号');
  });

  test('property: the pattern and mobileProblem agree', () => {
    const pattern = new RegExp(MOBILE_PATTERN);
    fc.assert(
      fc.property(fc.oneof(fc.stringMatching(/^1[3-9]\d{9}$/), fc.string({ maxLength: 13 })), (phone) => {
        expect(mobileProblem(phone) === null).toBe(phone !== '' && pattern.test(phone));
      }),
    );
  });
});
