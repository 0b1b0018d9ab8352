/**
 * A company onboarding itself: the bind code a manager hands out (and revokes), binding with it, and the members a
 * manager invites (by phone, with a role of `@app/domain/company-roles`: the person accepts or declines) and removes.
 */
import Type, { type Static } from 'typebox';
import { MEMBER_ROLE_KEYS, MOBILE_PATTERN } from '@app/domain/company-roles';
import { Body, call, changes, Empty, Id, IsoTime, Nullable, OneOf, Paged, Paging, READ_ONLY, Text } from './schema-kit';

/** A company's bind code: who has it (as text or as the `/t/{code}` link it encodes) may join as an employee. */
export const BindCode = Type.Object({
  code: Type.String(),
  /** The app path that binds with it (`/my/company/bind?code=…`), reached through the short link `/t/{code}`. */
  shortPath: Type.String(),
  expiresAt: IsoTime,
});
export type BindCode = Static<typeof BindCode>;

const Code = Type.String({ title: '绑定码', pattern: '^[A-Za-z0-9]{4,16}$', maxLength: 16 });

/**
 * A member of the company, or someone the manager added by phone who has not accepted yet (`pending`): for a pending
 * one, `name` and `phone` are what the manager typed, never anything of an account with that phone.
 */
export const CompanyMember = Type.Object({
  /** The membership's id: the user's id, or the pending invitation's. */
  id: Type.String(),
  pending: Type.Boolean(),
  name: Type.String(),
  phone: Type.String(),
  role: OneOf([...MEMBER_ROLE_KEYS], '角色'),
  roleName: Type.String(),
  /** The caller themself (who cannot remove themself here). */
  self: Type.Boolean(),
  joinedAt: IsoTime,
});
export type CompanyMember = Static<typeof CompanyMember>;

/** An invitation to the signed-in user's phone: which company asks them to join, and as what. */
export const MyInvitation = Type.Object({
  id: Type.String(),
  companyName: Type.String(),
  xsfNsrsbh: Type.String(),
  role: OneOf([...MEMBER_ROLE_KEYS], '角色'),
  roleName: Type.String(),
  invitedAt: IsoTime,
});
export type MyInvitation = Static<typeof MyInvitation>;

export const companyCalls = {
  /** The current bind code (manager), or null when none is valid. */
  'company/getBindCode': call(Empty, Nullable(BindCode), READ_ONLY),
  /** A new bind code (manager); the previous one stops working. */
  'company/createBindCode': call(Empty, BindCode, changes('bindCode.create')),
  'company/revokeBindCode': call(Empty, Type.Object({ revoked: Type.Literal(true) }), changes('bindCode.revoke')),
  /** Which company a code binds to, before the user confirms. */
  'company/previewBind': call(Body({ code: Code }), Type.Object({ companyName: Type.String(), xsfNsrsbh: Type.String() }), READ_ONLY),
  /** Joins the company of the code as an employee and makes it current. */
  'company/bind': call(
    Body({ code: Code }),
    Type.Object({ companyId: Type.String(), companyName: Type.String() }),
    changes('company.bind'),
  ),
  'companyUser/list': call(Body({ keyword: Type.Optional(Text('关键字', 20)), ...Paging }), Paged(CompanyMember), READ_ONLY),
  'companyUser/add': call(
    Body({
      phone: Type.String({ title: '手机号', pattern: MOBILE_PATTERN, maxLength: 11 }),
      name: Text('姓名', 20, 1),
      role: OneOf([...MEMBER_ROLE_KEYS], '角色'),
    }),
    CompanyMember,
    changes('company.inviteUser'),
  ),
  /** Takes back an addition the person has not accepted yet. */
  'companyUser/cancelInvitation': call(Body({ id: Id('邀请') }), Type.Object({ id: Type.String() }), changes('company.cancelInvitation')),
  /** The invitations to the caller's phone, newest first (the 50 newest). */
  'company/myInvitations': call(Empty, Type.Object({ list: Type.Array(MyInvitation) }), READ_ONLY),
  /** Joins the inviting company with the invited role; it becomes current when the user had none. */
  'company/acceptInvitation': call(
    Body({ id: Id('收到的邀请') }),
    Type.Object({ companyId: Type.String(), companyName: Type.String(), current: Type.Boolean() }),
    changes('company.acceptInvitation'),
  ),
  'company/declineInvitation': call(
    Body({ id: Id('收到的邀请') }),
    Type.Object({ id: Type.String() }),
    changes('company.declineInvitation'),
  ),
};
