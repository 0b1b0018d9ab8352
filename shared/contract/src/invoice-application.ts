/**
 * Customers' invoice applications (开票申请) from the company's shop code or a sub-code:
 * 待审核 → 已拒绝 | 待开票 | 开票中 → 已开具 (→ 已交付 once sent) | 开具失败 (retry from the task).
 */
import Type, { type Static } from 'typebox';
import { Body, call, changes, Fen, Id, IsoTime, Nullable, OneOf, Paged, Paging, READ_ONLY, Text } from './schema-kit';
import { InvoiceParty } from './invoice';

export const APPLICATION_STATUSES = ['待审核', '已拒绝', '待开票', '开票中', '已开具', '开具失败', '已交付'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
const Status = OneOf([...APPLICATION_STATUSES], '申请状态');

export const Application = Type.Object({
  id: Type.String(),
  status: Status,
  companyName: Type.String(),
  buyer: InvoiceParty,
  grossFen: Type.Integer(),
  goodsName: Type.String(),
  remarks: Type.String(),
  deliverPhone: Type.String(),
  deliverEmail: Type.String(),
  rejectReason: Nullable(Type.String()),
  /** 待开票: why it cannot be issued now (the tax-bureau login or today's face authentication is missing). */
  blockedReason: Nullable(Type.String()),
  invoiceId: Nullable(Type.String()),
  /** The task issuing its invoice (follow it on the task detail page). */
  taskId: Nullable(Type.String()),
  source: OneOf(['店铺码', '子码'], '来源'),
  sourceName: Type.String(),
  createdAt: IsoTime,
  updatedAt: IsoTime,
});
export type Application = Static<typeof Application>;

export const IssueResult = Type.Object({
  id: Type.String(),
  status: Status,
  taskId: Nullable(Type.String()),
  blockedReason: Nullable(Type.String()),
});
export type IssueResult = Static<typeof IssueResult>;

const ApplicationIds = Type.Array(Id('开票申请'), { title: '开票申请', minItems: 1, maxItems: 50 });

export const applicationCalls = {
  'invoiceApplication/submit': call(
    Body({
      companyCode: Type.String({ title: '商户码', pattern: '^[A-Za-z0-9_-]{1,32}$', maxLength: 32 }),
      subCode: Type.Optional(Text('子码', 30)),
      buyer: InvoiceParty,
      grossFen: Fen('开票金额', 1),
      remarks: Type.Optional(Text('备注', 200)),
      deliverPhone: Type.Optional(Text('接收手机号', 11)),
      deliverEmail: Type.Optional(Text('接收邮箱', 254)),
    }),
    Type.Object({ id: Type.String() }),
    changes('application.submit'),
  ),
  'invoiceApplication/mine': call(Body({ ...Paging }), Paged(Application), READ_ONLY),
  'invoiceApplication/list': call(Body({ status: Type.Optional(Status), ...Paging }), Paged(Application), READ_ONLY),
  'invoiceApplication/approve': call(
    Body({ ids: ApplicationIds }),
    Type.Object({ results: Type.Array(IssueResult) }),
    changes('application.approve'),
  ),
  'invoiceApplication/reject': call(
    Body({ id: Id('开票申请'), reason: Text('拒绝原因', 100, 1) }),
    Application,
    changes('application.reject'),
  ),
  'invoiceApplication/issueWaiting': call(
    Body({ ids: Type.Optional(ApplicationIds) }),
    Type.Object({ results: Type.Array(IssueResult) }),
    changes('application.issueWaiting'),
  ),
};
