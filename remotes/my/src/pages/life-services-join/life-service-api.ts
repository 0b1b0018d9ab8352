/** The calls of 生活服务入驻: the company's latest request, and applying. */
import type { CallBody } from '@app/contract/api';
import type { LifeServiceApplication } from '@app/contract/life-service';
import { callApi } from '@app/host-sdk/api-client';

export type { LifeServiceApplication };
export type LifeServiceForm = CallBody<'lifeService/apply'>;
export type LifeServiceKind = LifeServiceApplication['kind'];

/** The contract's LIFE_SERVICE_KINDS (a client imports the contract as types only: the type checks the copy). */
export const KINDS: LifeServiceKind[] = ['餐饮美食', '休闲娱乐', '丽人美发', '酒店住宿', '生活服务', '其他'];

export function getMyApplication(): Promise<LifeServiceApplication | null> {
  return callApi('lifeService/mine', {}, { handles: true });
}

export function applyLifeService(form: LifeServiceForm): Promise<LifeServiceApplication> {
  return callApi('lifeService/apply', form, { noRepeat: true, handles: [4000] });
}
