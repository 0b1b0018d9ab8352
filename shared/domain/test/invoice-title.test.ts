import { describe, expect, test } from '@rstest/core';
import {
  isEmailAddress,
  isPhoneNumber,
  normalizeTitle,
  TITLE_MESSAGES,
  titleOf,
  titleProblems,
  type TitleFields,
} from '../src/invoice-title';
import { TAX_NUMBER_MESSAGES } from '../src/tax-number';

const company: TitleFields = {
  kind: '企业',
  name: '杭州优税通科技有限公司',
  taxNumber: '91110000802100433B',
  address: '杭州市西湖区文三路 100 号',
  phone: '0571-88886666',
  bankName: '招商银行杭州分行',
  bankAccount: '571908765432101',
  email: 'finance@youshui.cn',
};

describe('titleProblems', () => {
  test('a complete company title and a bare personal title have none', () => {
    expect(titleProblems(company)).toEqual({});
    expect(
      titleProblems({ kind: '个人', name: '张三', taxNumber: '', address: '', phone: '', bankName: '', bankAccount: '', email: '' }),
    ).toEqual({});
  });

  test('a company needs a valid tax number; a person may leave it empty but not give a wrong one', () => {
    expect(titleProblems({ ...company, taxNumber: '' }).taxNumber).toBe(TAX_NUMBER_MESSAGES.empty);
    expect(titleProblems({ ...company, taxNumber: '91110000802100433C' }).taxNumber).toBe(TAX_NUMBER_MESSAGES.check);
    expect(titleProblems({ ...company, taxNumber: '1234' }).taxNumber).toBe(TAX_NUMBER_MESSAGES.shape);
    expect(titleProblems({ ...company, kind: '个人', taxNumber: '' }).taxNumber).toBeUndefined();
    expect(titleProblems({ ...company, kind: '个人', taxNumber: '1234' }).taxNumber).toBe(TAX_NUMBER_MESSAGES.shape);
  });

  test('name: required, at most 100 characters (an emoji counts once)', () => {
    expect(titleProblems({ ...company, name: '' }).name).toBe(TITLE_MESSAGES.nameEmpty);
    expect(titleProblems({ ...company, name: '字'.repeat(100) }).name).toBeUndefined();
    expect(titleProblems({ ...company, name: '😀'.repeat(100) }).name).toBeUndefined();
    expect(titleProblems({ ...company, name: '字'.repeat(101) }).name).toBe(TITLE_MESSAGES.nameTooLong);
  });

  test('address and phone together at most 100; bank and account together at most 100', () => {
    const phone = '13800001111';
    expect(titleProblems({ ...company, phone, address: '地'.repeat(89) }).address).toBeUndefined();
    expect(titleProblems({ ...company, phone, address: '地'.repeat(90) }).address).toBe(TITLE_MESSAGES.addressAndPhoneTooLong);
    expect(titleProblems({ ...company, bankAccount: '1'.repeat(20), bankName: '行'.repeat(81) }).bankName).toBe(
      TITLE_MESSAGES.bankAndAccountTooLong,
    );
    expect(titleProblems({ ...company, bankAccount: '6222 0210' }).bankAccount).toBe(TITLE_MESSAGES.bankAccount);
  });

  test('phone and e-mail formats', () => {
    for (const good of [
      '13800001111',
      '+8613800001111',
      '0571-88886666',
      '057188886666',
      '010-12345678-123',
      '(0571)88886666',
      '400-820-8820',
      '4008208820',
    ]) {
      expect(isPhoneNumber(good)).toBe(true);
    }
    for (const bad of ['12345', '23800001111', '1380000111', 'abc', '0571-123', '138000011112']) expect(isPhoneNumber(bad)).toBe(false);
    expect(titleProblems({ ...company, phone: '12345' }).phone).toBe(TITLE_MESSAGES.phone);
    for (const good of ['a@b.cn', 'first.last+tag@mail.example.com']) expect(isEmailAddress(good)).toBe(true);
    for (const bad of ['a@b', 'a b@c.cn', '@b.cn', 'a@-b.cn', 'a@b.c']) expect(isEmailAddress(bad)).toBe(false);
    expect(titleProblems({ ...company, email: 'finance@' }).email).toBe(TITLE_MESSAGES.email);
    expect(titleProblems({ ...company, email: `${'a'.repeat(95)}@b.com` }).email).toBe(TITLE_MESSAGES.emailTooLong);
  });
});

test('normalizeTitle trims, and writes the tax number without spaces in upper case', () => {
  expect(normalizeTitle({ ...company, name: '  杭州优税通  ', taxNumber: ' 91110000 802100433b ', bankAccount: '6222 0210 1234' })).toEqual(
    {
      ...company,
      name: '杭州优税通',
      taxNumber: '91110000802100433B',
      bankAccount: '622202101234',
    },
  );
});

test('titleOf: the title a request or a form holds, a field left out as empty, nothing else, normalised', () => {
  expect(titleOf({ kind: '个人', name: ' 张三 ' })).toEqual({
    kind: '个人',
    name: '张三',
    taxNumber: '',
    address: '',
    phone: '',
    bankName: '',
    bankAccount: '',
    email: '',
  });
  const request = { ...company, id: 't1', isDefault: true, taxNumber: '91110000802100433b', email: undefined };
  expect(titleOf(request)).toEqual({ ...company, email: '' });
});
