/**
 * 注销账号 (PIPL Art. 47): what deleting one's account erases and what the law makes a company keep, how it is
 * confirmed (the bound phone's SMS code, else typing DELETION_PHRASE), and the name a deleted person is shown by. The
 * server erases by these rules and the page says them in the same words.
 */

/** What a company's records show in place of a person who deleted their account. */
export const DELETED_USER_NAME = '已注销用户';

/** Typed to confirm by someone with no bound phone. */
export const DELETION_PHRASE = '确认注销账号';

/** The SMS code: 6 digits, valid this long, at most this many wrong tries, one sent per window. */
export const DELETION_CODE_LENGTH = 6;
export const DELETION_CODE_MINUTES = 10;
export const DELETION_CODE_MAX_TRIES = 5;
export const DELETION_CODE_RESEND_SECONDS = 60;

/** Erased or anonymised at once, in the order the page lists them. */
export const ERASED_DATA = [
  '昵称、头像、手机号和用户名',
  '微信 / 支付宝账号的关联（openid、支付宝用户号）',
  '发票抬头',
  '乘客信息（领取行程时留下的抬头、手机号和邮箱）',
  '登录会话、登录记录和授权协议的同意记录',
  '您在各企业的成员身份，以及按您手机号发出的企业邀请',
  '您生成的导出文件',
] as const;

/** Kept by the company as the law requires, with the person shown as DELETED_USER_NAME. */
export const KEPT_DATA = [
  '企业已开具的发票及其购买方信息（税收征管法要求保存）',
  '企业的收支与钱包流水（会计档案）',
  '企业的出租车行程与税务记录',
] as const;

export const DELETION_MESSAGES = {
  wrongPhrase: `请输入“${DELETION_PHRASE}”以确认`,
  codeNeeded: '请输入短信验证码',
  wrongCode: '验证码错误，请核对后重新输入',
  codeExpired: '验证码已过期，请重新获取',
  tooManyTries: '验证码错误次数过多，请重新获取',
  noPhone: '您的账号未绑定手机号，请输入确认文字注销',
  phoneBound: '您的账号已绑定手机号，请使用短信验证码确认',
} as const;

/** 2008: the last manager of a company that has other members hands over first. */
export function lastManagerMessage(companyName: string): string {
  return `您是「${companyName}」唯一的管理员，企业还有其他成员。请先在「员工管理」中将管理员移交给其他成员，再注销账号`;
}

/** What happens to one of the person's companies when they delete their account. */
export type CompanyOutcome =
  /** The person leaves; the company and its other members stay. */
  | 'leave'
  /** They were its only member and it holds nothing the law keeps: it is deleted with the account. */
  | 'delete'
  /** They were its only member but it holds invoices, tickets or money records: kept, with no member. */
  | 'keep'
  /** Its last manager, with other members: refused (2008) until they hand over. */
  | 'blocked';

export interface MemberCounts {
  /** The person manages the company (company_manage). */
  manager: boolean;
  otherMembers: number;
  otherManagers: number;
  /** It holds records the law keeps (invoices, tickets, money, trips). */
  keepsRecords: boolean;
}

export function companyOutcome(counts: MemberCounts): CompanyOutcome {
  if (counts.otherMembers === 0) return counts.keepsRecords ? 'keep' : 'delete';
  return counts.manager && counts.otherManagers === 0 ? 'blocked' : 'leave';
}

export const COMPANY_OUTCOME_TEXT: Record<CompanyOutcome, string> = {
  leave: '您将退出该企业，企业及其他成员不受影响',
  delete: '您是唯一成员且企业没有需保存的记录，企业将一并删除',
  keep: '您是唯一成员，企业依法保存的发票与流水将继续保留',
  blocked: '您是唯一的管理员，请先移交管理员',
};

/** `138****5678`: how a bound phone is shown before the code is sent. */
export function maskedPhone(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}
