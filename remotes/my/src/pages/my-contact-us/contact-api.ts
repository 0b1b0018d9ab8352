/** The calls of 联系客服: the service hotlines and one service contact (企业微信客服). */
import type { Hotline, ServiceContact } from '@app/contract/service';
import { callApi } from '@app/host-sdk/api-client';

export type { Hotline, ServiceContact };

export function getHotlines(): Promise<Hotline[]> {
  return callApi('serviceHotline/getAll', {}, { handles: true });
}

export function getServiceContact(): Promise<ServiceContact> {
  return callApi('serviceWechat/randomlyGetOne', {}, { handles: true });
}

/** Opens the contact's "add contact" page of WeChat Work (a full navigation: it leaves the app). */
export function openContact(contactUrl: string): void {
  window.location.assign(contactUrl);
}
