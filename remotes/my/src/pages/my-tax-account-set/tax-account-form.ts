/** The tax account form's fields and their rules (messages under the field as the user types). */
import type { LoginIdentity } from '@app/contract/tax-account';
import type { Rule } from '@app/ui/form';

export interface TaxAccountForm {
  loginIdentity: LoginIdentity[];
  personName: string;
  phone: string;
  idNumber: string;
  password: string;
}

export const LOGIN_IDENTITY_OPTIONS: { label: string; value: LoginIdentity }[] = [
  { label: '法定代表人', value: '01' },
  { label: '财务负责人', value: '02' },
  { label: '办税员', value: '03' },
  { label: '开票员', value: '09' },
];

export function taxAccountRules(passwordRequired: boolean): Record<keyof TaxAccountForm, Rule[]> {
  return {
    loginIdentity: [{ required: true, type: 'array', min: 1, message: '请选择登录身份' }],
    personName: [
      { required: true, whitespace: true, message: '请填写姓名' },
      { max: 30, message: '姓名不能超过 30 个字' },
    ],
    phone: [
      { required: true, message: '请填写手机号' },
      { pattern: /^1[3-9]\d{9}$/, message: '请填写 11 位手机号' },
    ],
    idNumber: [{ pattern: /^(\d{17}[\dXx])?$/, message: '请填写 18 位身份证号' }],
    password: [...(passwordRequired ? [{ required: true, message: '请填写密码' }] : []), { min: 6, max: 32, message: '密码为 6–32 位' }],
  };
}
