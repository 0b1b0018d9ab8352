/** Cars, service hotlines and contacts, the service config, short links. */
import { asc, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { serviceConfig, serviceContacts, serviceHotlines } from '../db/schema/service';
import { cars } from '../db/schema/taxi';
import { bindLinkTarget, CODE_LOOKUP_LIMIT, shortLinkTarget } from '../companies/codes';
import { ApiFailure, ErrorCode } from '../http/api-failure';
import { defineCall } from '../http/define-call';

const getMyCars = defineCall('taxiCar/getMyCars', {
  access: { kind: 'company', anyOf: ['taxi_trip_manage'] },
  handler: async ({ company, services }) =>
    services.db
      .select({ id: cars.id, licensePlateNumber: cars.licensePlateNumber })
      .from(cars)
      .where(eq(cars.companyId, company.id))
      .orderBy(asc(cars.licensePlateNumber)),
});

const getAllHotlines = defineCall('serviceHotline/getAll', {
  access: { kind: 'user' },
  handler: async ({ services }) =>
    services.db
      .select({
        id: serviceHotlines.id,
        name: serviceHotlines.name,
        phone: serviceHotlines.phone,
        serviceHours: serviceHotlines.serviceHours,
      })
      .from(serviceHotlines)
      .orderBy(asc(serviceHotlines.sortOrder)),
});

const randomlyGetOneContact = defineCall('serviceWechat/randomlyGetOne', {
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

const getSysConfig = defineCall('sysConfig/get', {
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

/**
 * Where a short link leads: a public link (a shop code, a sub-code) for anyone; a live bind code's only for a signed-in
 * user, so that a visitor who is not signed in cannot tell a bind code from an unknown one. Rate-limited per client.
 */
const resolveShortLink = defineCall('shortLink/resolve', {
  access: { kind: 'public' },
  rateLimit: CODE_LOOKUP_LIMIT,
  handler: async ({ caller, body, services }) => {
    const target = (await shortLinkTarget(services.db, body.code)) ?? (caller ? await bindLinkTarget(services.db, body.code) : null);
    if (!target) throw new ApiFailure(ErrorCode.NotFound, '链接不存在或已失效');
    return { target };
  },
});

export const serviceCalls = [getSysConfig, getAllHotlines, randomlyGetOneContact, resolveShortLink, getMyCars];
