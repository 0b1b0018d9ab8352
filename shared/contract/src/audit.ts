/**
 * The company's audit trail (操作日志): what each person did, newest first, for the company's managers. A page is cut
 * by a cursor (the last entry shown), so a page deep in a million entries costs what the first does.
 */
import Type, { type Static } from 'typebox';
import { AUDIT_KIND_KEYS, AUDIT_OBJECTS, type AuditObjectType } from '@app/domain/audit-kinds';
import { Body, call, Day, Empty, Id, IsoTime, Nullable, OneOf, READ_ONLY } from './schema-kit';
import { MAX_PAGE_SIZE } from './limits';

const OBJECT_TYPES = Object.keys(AUDIT_OBJECTS) as AuditObjectType[];

export const AuditEntry = Type.Object({
  id: Type.String(),
  userId: Type.String(),
  /** The person's name as it is now (已注销用户 once they deleted their account). */
  userName: Type.String(),
  /** Their role in the company when they acted; null for someone outside it (a customer, an invitee who declined). */
  role: Nullable(Type.String()),
  kind: OneOf([...AUDIT_KIND_KEYS], '操作类型'),
  objectType: OneOf([...OBJECT_TYPES], '对象类型'),
  objectId: Nullable(Type.String()),
  summary: Type.String(),
  requestId: Type.String(),
  ip: Type.String(),
  createdAt: IsoTime,
});
export type AuditEntry = Static<typeof AuditEntry>;

export const AuditActor = Type.Object({ userId: Type.String(), name: Type.String(), roleName: Type.String() });
export type AuditActor = Static<typeof AuditActor>;

export const AuditQuery = Body({
  userId: Type.Optional(Id('操作人')),
  kind: Type.Optional(OneOf([...AUDIT_KIND_KEYS], '操作类型')),
  fromDay: Type.Optional(Day('开始日期')),
  toDay: Type.Optional(Day('结束日期')),
  /** The id of the last entry of the page before (absent: the newest page). */
  after: Type.Optional(Id('上一页')),
  pageSize: Type.Optional(Type.Integer({ title: '每页条数', minimum: 1, maximum: MAX_PAGE_SIZE })),
});
export type AuditQuery = Static<typeof AuditQuery>;

export const auditCalls = {
  /** A page of the company's entries, newest first, with the filters; `hasMore` when older ones follow. */
  'audit/list': call(AuditQuery, Type.Object({ list: Type.Array(AuditEntry), hasMore: Type.Boolean() }), READ_ONLY),
  /** The people to filter the trail by: the company's members. */
  'audit/actors': call(Empty, Type.Object({ list: Type.Array(AuditActor) }), READ_ONLY),
};
