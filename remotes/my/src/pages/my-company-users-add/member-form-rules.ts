/**
 * The add-member form: phone (the domain's `mobileProblem`, as the server judges it), name and role (the domain's
 * MEMBER_ROLES, with a line of what each may do).
 */
import { MEMBER_ROLE_KEYS, MEMBER_ROLES, mobileProblem, type MemberRole } from '@app/domain/company-roles';
import type { Rule } from '@app/ui/form';

export interface MemberFormShape {
  phone: string;
  name: string;
  /** The Selector holds its choice in an array. */
  role: MemberRole[];
}

/** What each role may do, in one line (the permissions of `MEMBER_ROLES`, in words). */
const ROLE_DESCRIPTIONS: Record<MemberRole, string> = {
  manager: '开票，管理商品、员工和企业设置',
  employee: '开票，查看企业商品和发票',
  taxi_manager: '开票，管理车辆和出租车行程',
  offline_pay_manager: '开票，管理线下收款',
};

export const ROLE_OPTIONS = MEMBER_ROLE_KEYS.map((role) => ({
  label: MEMBER_ROLES[role].roleName,
  description: ROLE_DESCRIPTIONS[role],
  value: role,
}));

export const EMPTY_MEMBER: MemberFormShape = { phone: '', name: '', role: ['employee'] };

export const memberRules = {
  phone: [
    {
      validator: async (_rule: unknown, value: string | undefined) => {
        const problem = mobileProblem((value ?? '').trim());
        if (problem) throw new Error(problem);
      },
    },
  ] satisfies Rule[],
  name: [
    { required: true, whitespace: true, message: '请填写姓名' },
    { max: 20, message: '姓名最多 20 个字' },
  ] satisfies Rule[],
  role: [{ required: true, type: 'array', min: 1, message: '请选择角色' }] satisfies Rule[],
};
