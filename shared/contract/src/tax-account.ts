/** The company's e-tax account (电子税务局账号), the authorisation agreement, clearing the authorisation. */
import Type, { type Static } from 'typebox';
import { Body, call, changes, Empty, IsoTime, Nullable, OneOf, READ_ONLY, Text } from './schema-kit';

/** E-tax login identities: 01 法定代表人, 02 财务负责人, 03 办税员, 09 开票员. */
export const LOGIN_IDENTITIES = { '01': '法定代表人', '02': '财务负责人', '03': '办税员', '09': '开票员' } as const;
export type LoginIdentity = keyof typeof LOGIN_IDENTITIES;
const LoginIdentityCode = OneOf(['01', '02', '03', '09'], '登录身份');

export const TaxAccount = Type.Object({
  nsrsbh: Type.String(),
  loginIdentity: LoginIdentityCode,
  loginIdentityName: Type.String(),
  personName: Type.String(),
  /** Masked: 138****1111. */
  phone: Type.String(),
  /** 0 normal; 2 and 3 cannot log in. */
  accountState: Type.Integer(),
  /** 已登录 or 未登录. */
  loginState: Type.String(),
  expirationTime: Nullable(IsoTime),
  /** 已认证 (today) or 未认证. */
  scanFaceState: Type.String(),
  scanFaceTime: Nullable(IsoTime),
  /** Includes smscode when SMS login is possible. */
  supportedLoginMethod: Type.Array(Type.String()),
  passwordSet: Type.Boolean(),
});
export type TaxAccount = Static<typeof TaxAccount>;

export const Agreement = Type.Object({
  id: Type.Integer(),
  version: Type.String(),
  title: Type.String(),
  content: Type.String(),
  createdAt: IsoTime,
});
export type Agreement = Static<typeof Agreement>;

export const taxAccountCalls = {
  'taxAccount/getTaxAccount': call(Empty, Nullable(TaxAccount), READ_ONLY),
  'taxAccount/setTaxAccount': call(
    Body({
      loginIdentity: LoginIdentityCode,
      personName: Text('姓名', 30, 1),
      phone: Type.String({ title: '手机号', pattern: '^1[3-9]\\d{9}$', maxLength: 11 }),
      idNumber: Type.Optional(Type.String({ title: '证件号码', pattern: '^(\\d{17}[\\dXx]|)$', maxLength: 18 })),
      password: Type.Optional(Text('密码', 32, 6)),
    }),
    TaxAccount,
    changes('taxAccount.set'),
  ),
  'taxAccount/getAgreement': call(Body({ version: Type.Optional(Text('协议版本', 20)) }), Agreement, READ_ONLY),
  'taxAccount/agreedAgreement': call(
    Body({
      id: Type.Integer({ title: '协议编号', minimum: 1, maximum: 2_147_483_647 }),
      /** The 隐私政策 version the person was shown (`@app/domain/privacy-policy`); only the one in force is accepted. */
      privacyPolicyVersion: Type.String({ title: '隐私政策版本', pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 }),
    }),
    Type.Object({ agreed: Type.Literal(true) }),
    changes('taxAccount.agree'),
  ),
  'taxAccount/clearAuthState': call(Empty, Type.Object({ cleared: Type.Literal(true) }), changes('taxAccount.clearAuth')),
};
