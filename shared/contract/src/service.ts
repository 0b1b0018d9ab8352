/** What every app reads about the service: its config, hotlines and contacts, short links, and the company's cars. */
import Type, { type Static } from 'typebox';
import { Body, call, Empty, OneOf, READ_ONLY } from './schema-kit';

export const ServicesConfig = Type.Object({
  id: Type.Integer(),
  appHotLine: Type.String(),
  etaxAreas: Type.Array(Type.Object({ code: Type.String(), name: Type.String() })),
  systemServiceConfig: Type.Object({ available: OneOf(['all', 'self', 'none'], '服务状态'), closeReason: Type.String() }),
  frontVersion: Type.Integer(),
  /** Sign-in goes through the built-in demo provider (the app shows 演示环境). */
  demo: Type.Boolean(),
});
export type ServicesConfig = Static<typeof ServicesConfig>;

export const Car = Type.Object({ id: Type.String(), licensePlateNumber: Type.String() });
export type Car = Static<typeof Car>;
export const Hotline = Type.Object({ id: Type.Integer(), name: Type.String(), phone: Type.String(), serviceHours: Type.String() });
export type Hotline = Static<typeof Hotline>;
export const ServiceContact = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  wechatId: Type.String(),
  /** The WeChat Work "add contact" link its QR code encodes. */
  contactUrl: Type.String(),
  qrImage: Type.String(),
});
export type ServiceContact = Static<typeof ServiceContact>;

export const serviceCalls = {
  'sysConfig/get': call(Empty, ServicesConfig, READ_ONLY),
  'serviceHotline/getAll': call(Empty, Type.Array(Hotline), READ_ONLY),
  'serviceWechat/randomlyGetOne': call(Empty, ServiceContact, READ_ONLY),
  'shortLink/resolve': call(
    Body({ code: Type.String({ title: '短链', pattern: '^[A-Za-z0-9_-]{1,32}$', maxLength: 32 }) }),
    Type.Object({ target: Type.String() }),
    READ_ONLY,
  ),
  'taxiCar/getMyCars': call(Empty, Type.Array(Car), READ_ONLY),
};
