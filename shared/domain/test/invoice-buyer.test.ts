import { describe, expect, test } from '@rstest/core';
import type { InvoiceParty } from '../src/invoice-document';
import { BUYER_MESSAGES, buyerOfTitle, buyerProblems, normalizeBuyer, remarksProblem, titleBuyerProblems } from '../src/invoice-buyer';
import { TITLE_MESSAGES } from '../src/invoice-title';
import { TAX_NUMBER_MESSAGES } from '../src/tax-number';

const company: InvoiceParty = {
  name: '杭州优税通科技有限公司',
  taxNumber: '91110000802100433B',
  address: '杭州市西湖区文三路 100 号',
  phone: '0571-88886666',
  bankName: '招商银行杭州分行',
  bankAccount: '571908765432101',
  naturalPerson: false,
};
const person: InvoiceParty = { name: '张三', taxNumber: '', address: '', phone: '', bankName: '', bankAccount: '', naturalPerson: true };

describe('buyerProblems', () => {
  test('a complete company buyer and a person on a 普票 have none', () => {
    expect(buyerProblems(company, '数电普票')).toEqual({});
    expect(buyerProblems(company, '数电专票')).toEqual({});
    expect(buyerProblems(person, '数电普票')).toEqual({});
  });

  test('a company needs its tax number; a 专票 needs one and cannot go to a person', () => {
    expect(buyerProblems({ ...company, taxNumber: '' }, '数电普票')).toEqual({ taxNumber: TAX_NUMBER_MESSAGES.empty });
    expect(buyerProblems({ ...company, taxNumber: '91110000802100433C' }, '数电普票')).toEqual({ taxNumber: TAX_NUMBER_MESSAGES.check });
    expect(buyerProblems(person, '数电专票')).toEqual({
      taxNumber: BUYER_MESSAGES.taxNumberForSpecial,
      naturalPerson: BUYER_MESSAGES.personForSpecial,
    });
  });

  test('name, phone and bank account follow the title rules', () => {
    expect(buyerProblems({ ...company, name: '' }, '数电普票')).toEqual({ name: BUYER_MESSAGES.nameEmpty });
    expect(buyerProblems({ ...company, name: '企'.repeat(101) }, '数电普票')).toEqual({ name: BUYER_MESSAGES.nameTooLong });
    expect(buyerProblems({ ...company, phone: '123', bankAccount: '12a' }, '数电普票')).toEqual({
      phone: TITLE_MESSAGES.phone,
      bankAccount: TITLE_MESSAGES.bankAccount,
    });
  });
});

test('normalizeBuyer trims, removes spaces from the tax number and account, and upper-cases the tax number', () => {
  expect(normalizeBuyer({ ...company, name: ' 杭州优税通 ', taxNumber: ' 91110000 802100433b ', bankAccount: '5719 0876' })).toEqual({
    ...company,
    name: '杭州优税通',
    taxNumber: '91110000802100433B',
    bankAccount: '57190876',
  });
});

test('remarks: at most 200 characters after trimming', () => {
  expect(remarksProblem(` ${'备'.repeat(200)} `)).toBeNull();
  expect(remarksProblem('备'.repeat(201))).toBe(BUYER_MESSAGES.remarksTooLong);
});

test('a buyer held as a title: 个人 is a natural person, and the 自然人 problem is said of the kind', () => {
  const { naturalPerson: _company, ...asTitle } = company;
  expect(buyerOfTitle({ ...asTitle, kind: '企业', taxNumber: ' 91110000802100433b ' })).toEqual(company);
  expect(buyerOfTitle({ ...asTitle, kind: '个人', taxNumber: '' })).toEqual({ ...company, taxNumber: '', naturalPerson: true });
  expect(titleBuyerProblems({ ...asTitle, kind: '企业' }, '数电专票')).toEqual({});
  expect(titleBuyerProblems({ ...asTitle, kind: '个人', taxNumber: '' }, '数电专票')).toEqual({
    taxNumber: BUYER_MESSAGES.taxNumberForSpecial,
    kind: BUYER_MESSAGES.personForSpecial,
  });
  expect(titleBuyerProblems({ ...asTitle, kind: '企业', name: '' }, '数电普票')).toEqual({ name: BUYER_MESSAGES.nameEmpty });
});
