/** Who is signed in (the user detail and account), signing out, the companies a user belongs to, a company's members. */
import Type, { type Static } from 'typebox';
import { Body, call, changes, Empty, Id, IsoTime, Nullable, OneOf, Paged, Paging, READ_ONLY, Text, UPKEEP } from './schema-kit';

export const PERMISSIONS = ['company_manage', 'company_user_role', 'taxi_trip_manage', 'benefit_payment'] as const;
export const Permission = OneOf([...PERMISSIONS], '权限');
export type Permission = Static<typeof Permission>;

export const CompanyInfo = Type.Object({
  id: Type.String(),
  name: Type.String(),
  qylx: Type.String(),
  businessTypes: Type.Array(Type.String()),
  /** Seller tax number (销方纳税人识别号). */
  xsfNsrsbh: Type.String(),
  address: Type.String(),
  phone: Type.String(),
  bankName: Type.String(),
  bankAccount: Type.String(),
  /** Short code customers scan to reach the company (shop code, company binding). */
  code: Type.String(),
  roleName: Type.String(),
  serviceExpiresAt: IsoTime,
});
export type CompanyInfo = Static<typeof CompanyInfo>;

/** The user detail: id, company flag, companyInfo, permissions; plus the account (username, agreed, 隐私政策 version). */
export const UserDetail = Type.Object({
  id: Type.String(),
  nickname: Type.String(),
  avatarUrl: Nullable(Type.String()),
  /** Has a current company. */
  company: Type.Boolean(),
  /** A company manager or holder of company_user_role in it. */
  companyUser: Type.Boolean(),
  companyInfo: Nullable(CompanyInfo),
  permissions: Type.Array(Permission),
  account: Type.Object({
    username: Nullable(Type.String()),
    /** Accepted the latest 用户授权协议 with the 隐私政策 in force. */
    agreed: Type.Boolean(),
    /** The 隐私政策 version last accepted (`YYYY-MM-DD`), null if none; older than the current one: asked again. */
    privacyPolicyVersion: Nullable(Type.String()),
  }),
  /** May use the service while it is open to testers only. */
  tester: Type.Boolean(),
});
export type UserDetail = Static<typeof UserDetail>;

export const MyCompany = Type.Object({
  id: Type.String(),
  name: Type.String(),
  xsfNsrsbh: Type.String(),
  roleName: Type.String(),
  permissions: Type.Array(Permission),
  current: Type.Boolean(),
});
export type MyCompany = Static<typeof MyCompany>;

export const userCalls = {
  'user/getOfficialAccountLoginUserInfo': call(Empty, UserDetail, READ_ONLY),
  'user/signOut': call(Empty, Type.Object({ signedOut: Type.Literal(true) }), UPKEEP),
  'company/getMyCompanies': call(Body({ keyword: Type.Optional(Text('关键字', 50)), ...Paging }), Paged(MyCompany), READ_ONLY),
  'company/changeCompany': call(Body({ id: Id('企业编号') }), Type.Object({ id: Type.String() }), UPKEEP),
  /**
   * Ends the member's access to this company (not their sessions, nor their other companies). The company's bind codes
   * made before it stop working (`bindCodeRevoked`), so the member cannot walk back in with the code they used.
   */
  'companyUser/remove': call(
    Body({ userId: Id('员工') }),
    Type.Object({ removed: Type.Literal(true), bindCodeRevoked: Type.Boolean() }),
    changes('company.removeUser'),
  ),
};
