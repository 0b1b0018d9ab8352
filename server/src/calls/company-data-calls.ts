/** Cars, service hotlines and contacts, the service config, short links. */
import { asc, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import Type from 'typebox';
import { cars, serviceConfig, serviceContacts, serviceHotlines, shortLinks } from '../db/schema';
import { ApiFailure, ErrorCode } from '../http/api-failure';
import { defineCall } from '../http/define-call';
import { Body, Empty } from '../http/schemas';

export const getMyCars = defineCall({
  path: 'taxiCar/getMyCars',
  body: Empty,
  access: { kind: 'company', anyOf: ['taxi_trip_manage'] },
  handler: async ({ company, services }) =>
    services.db
      .select({ id: cars.id, licensePlateNumber: cars.licensePlateNumber })
      .from(cars)
      .where(eq(cars.companyId, company.id))
      .orderBy(asc(cars.licensePlateNumber)),
});

export const getAllHotlines = defineCall({
  path: 'serviceHotline/getAll',
  body: Empty,
  access: { kind: 'user' },
  handler: async ({ services }) =>
    services.db
      .select({ id: serviceHotlines.id, name: serviceHotlines.name, phone: serviceHotlines.phone, serviceHours: serviceHotlines.serviceHours })
      .from(serviceHotlines)
      .orderBy(asc(serviceHotlines.sortOrder)),
});

export const randomlyGetOneContact = defineCall({
  path: 'serviceWechat/randomlyGetOne',
  body: Empty,
  access: { kind: 'user' },
  handler: async ({ services }) => {
    const contacts = await services.db.select().from(serviceContacts).where(eq(serviceContacts.enabled, true));
    const contact = contacts[Math.floor(Math.random() * contacts.length)];
    if (!contact) throw new ApiFailure(ErrorCode.NotFound, '暂无在线客服');
    return {
      id: contact.id,
      name: contact.name,
      wechatId: contact.wechatId,
      contactUrl: contact.contactUrl,
      qrImage: await QRCode.toDataURL(contact.contactUrl, { margin: 1, width: 240 }),
    };
  },
});

export const getSysConfig = defineCall({
  path: 'sysConfig/get',
  body: Empty,
  access: { kind: 'public' },
  handler: async ({ services }) => {
    const [config] = await services.db.select().from(serviceConfig).where(eq(serviceConfig.id, 1));
    if (!config) throw new ApiFailure(ErrorCode.NotFound, '服务配置不存在');
    return {
      id: config.id,
      appHotLine: config.appHotLine,
      etaxAreas: config.etaxAreas,
      systemServiceConfig: { available: config.available, closeReason: config.closeReason },
      frontVersion: config.frontVersion,
      demo: services.demoSignIn,
    };
  },
});

export const resolveShortLink = defineCall({
  path: 'shortLink/resolve',
  body: Body({ code: Type.String({ title: '短链', pattern: '^[A-Za-z0-9_-]{1,32}$', maxLength: 32 }) }),
  access: { kind: 'public' },
  handler: async ({ body, services }) => {
    const [link] = await services.db.select().from(shortLinks).where(eq(shortLinks.code, body.code));
    if (!link) throw new ApiFailure(ErrorCode.NotFound, '链接不存在或已失效');
    return { target: link.target };
  },
});
