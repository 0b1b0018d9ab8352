/** 生活服务入驻: a company's sign-up for the life-services partner programme, and the state of its request. */
import Type, { type Static } from 'typebox';
import { MOBILE_PATTERN } from '@app/domain/company-roles';
import { Body, call, changes, Empty, IsoTime, Nullable, OneOf, READ_ONLY, Text } from './schema-kit';

export const LIFE_SERVICE_KINDS = ['餐饮美食', '休闲娱乐', '丽人美发', '酒店住宿', '生活服务', '其他'] as const;
export const LIFE_SERVICE_STATES = ['审核中', '已通过', '未通过'] as const;

export const LifeServiceApplication = Type.Object({
  id: Type.String(),
  contactName: Type.String(),
  phone: Type.String(),
  city: Type.String(),
  kind: OneOf([...LIFE_SERVICE_KINDS], '经营类型'),
  remarks: Type.String(),
  state: OneOf([...LIFE_SERVICE_STATES], '状态'),
  createdAt: IsoTime,
});
export type LifeServiceApplication = Static<typeof LifeServiceApplication>;

export const lifeServiceCalls = {
  'lifeService/apply': call(
    Body({
      contactName: Text('联系人', 20, 1),
      phone: Type.String({ title: '联系电话', pattern: MOBILE_PATTERN, maxLength: 11 }),
      city: Text('所在城市', 30, 1),
      kind: OneOf([...LIFE_SERVICE_KINDS], '经营类型'),
      remarks: Text('补充说明', 200),
    }),
    LifeServiceApplication,
    changes('lifeService.apply'),
  ),
  /** The company's latest request, or null. */
  'lifeService/mine': call(Empty, Nullable(LifeServiceApplication), READ_ONLY),
};
