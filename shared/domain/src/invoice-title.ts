/**
 * 发票抬头: the buyer details a user keeps for invoices (a company, or a person). The server checks these rules on
 * save and the form checks them as the user types, so both say the same thing. Lengths follow the invoice's own
 * fields: 购买方名称 up to 100 characters, 地址电话 and 开户行及账号 up to 100 characters each pair.
 */
import { TAX_NUMBER_MESSAGES, taxNumberProblem } from './tax-number';

export type TitleKind = '企业' | '个人';
export const TITLE_KINDS: readonly TitleKind[] = ['企业', '个人'];

export interface TitleFields {
  kind: TitleKind;
  name: string;
  /** Required for 企业; a 个人 may leave it empty. */
  taxNumber: string;
  address: string;
  phone: string;
  bankName: string;
  bankAccount: string;
  email: string;
}

/** A saved title, as the server answers it (`title/list`, `title/get`, `title/save`). */
export interface Title extends TitleFields {
  id: string;
  isDefault: boolean;
  /** ISO time. */
  createdAt: string;
}

export type TitleField = Exclude<keyof TitleFields, 'kind'>;
export type TitleProblems = Partial<Record<TitleField, string>>;

export const TITLE_LIMITS = {
  name: 100,
  /** 地址 and 电话 print as one field of the invoice. */
  addressAndPhone: 100,
  /** 开户行 and 账号 print as one field of the invoice. */
  bankAndAccount: 100,
  email: 100,
} as const;

/** A mobile number (optionally +86), a landline with its area code (and extension), or a 400/800 number. */
const PHONE =
  /^(?:(?:\+?86[- ]?)?1[3-9]\d{9}|(?:0\d{2,3}|\(0\d{2,3}\)|（0\d{2,3}）)[- ]?\d{7,8}(?:(?:-|转)\d{1,6})?|[48]00[- ]?\d{3}[- ]?\d{4})$/;
const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

export const TITLE_MESSAGES = {
  nameEmpty: '请填写抬头名称',
  nameTooLong: `抬头名称不能超过 ${TITLE_LIMITS.name} 个字`,
  addressAndPhoneTooLong: `地址和电话合计不能超过 ${TITLE_LIMITS.addressAndPhone} 个字`,
  bankAndAccountTooLong: `开户行和账号合计不能超过 ${TITLE_LIMITS.bankAndAccount} 个字`,
  phone: '电话格式不正确，请填写手机号或带区号的座机号',
  bankAccount: '银行账号只能是数字',
  email: '邮箱格式不正确',
  emailTooLong: `邮箱不能超过 ${TITLE_LIMITS.email} 个字`,
} as const;

/** Length as a person counts it: one per character, an emoji included. */
function lengthOf(text: string): number {
  return Array.from(text).length;
}

export function isPhoneNumber(value: string): boolean {
  return PHONE.test(value);
}

export function isEmailAddress(value: string): boolean {
  return EMAIL.test(value);
}

/**
 * What a request or a form holds of a title: its kind, and any of the other fields (a field left out is empty).
 * Anything else it carries (an id, the default switch) is not the title's.
 */
export type TitleInput = Pick<TitleFields, 'kind'> & { [field in TitleField]?: string | undefined };

/** The title a request or a form holds, normalised: the server saves it and the form judges it as this. */
export function titleOf(input: TitleInput): TitleFields {
  return normalizeTitle({
    kind: input.kind,
    name: input.name ?? '',
    taxNumber: input.taxNumber ?? '',
    address: input.address ?? '',
    phone: input.phone ?? '',
    bankName: input.bankName ?? '',
    bankAccount: input.bankAccount ?? '',
    email: input.email ?? '',
  });
}

/** Trimmed fields; the tax number without spaces and in upper case (as it is printed). */
export function normalizeTitle(fields: TitleFields): TitleFields {
  return {
    kind: fields.kind,
    name: fields.name.trim(),
    taxNumber: fields.taxNumber.replace(/\s+/g, '').toUpperCase(),
    address: fields.address.trim(),
    phone: fields.phone.trim(),
    bankName: fields.bankName.trim(),
    bankAccount: fields.bankAccount.replace(/\s+/g, ''),
    email: fields.email.trim(),
  };
}

/** What is wrong with each field of a (normalised) title; empty when it may be saved. */
export function titleProblems(fields: TitleFields): TitleProblems {
  const problems: TitleProblems = {};
  if (!fields.name) problems.name = TITLE_MESSAGES.nameEmpty;
  else if (lengthOf(fields.name) > TITLE_LIMITS.name) problems.name = TITLE_MESSAGES.nameTooLong;

  if (fields.kind === '企业' || fields.taxNumber) {
    const problem = taxNumberProblem(fields.taxNumber);
    if (problem) problems.taxNumber = TAX_NUMBER_MESSAGES[problem];
  }

  if (fields.phone && !isPhoneNumber(fields.phone)) problems.phone = TITLE_MESSAGES.phone;
  // The phone number is short by its format: the address is what makes the pair too long.
  if (lengthOf(fields.address) + lengthOf(fields.phone) > TITLE_LIMITS.addressAndPhone)
    problems.address = TITLE_MESSAGES.addressAndPhoneTooLong;

  if (fields.bankAccount && !/^\d+$/.test(fields.bankAccount)) problems.bankAccount = TITLE_MESSAGES.bankAccount;
  if (lengthOf(fields.bankName) + lengthOf(fields.bankAccount) > TITLE_LIMITS.bankAndAccount)
    problems.bankName = TITLE_MESSAGES.bankAndAccountTooLong;

  if (fields.email) {
    if (lengthOf(fields.email) > TITLE_LIMITS.email) problems.email = TITLE_MESSAGES.emailTooLong;
    else if (!isEmailAddress(fields.email)) problems.email = TITLE_MESSAGES.email;
  }
  return problems;
}
