/**
 * The person's rights (PIPL): 注销账号 and 个人信息副本. Deleting is previewed (what will be erased, what each of the
 * person's companies keeps, whether it is refused), then confirmed by the bound phone's SMS code (sent by
 * `account/sendDeletionCode`, one a minute) or, with no phone, by typing `DELETION_PHRASE` (`@app/domain/account-deletion`).
 * The last manager of a company with other members is refused with 2008 until they hand over.
 *
 * The copy is an export of the person's own data (profile, companies and roles, titles, trips, sign-in history) as a
 * JSON or `.xlsx` file, made at once and delivered as the exports are: a short-lived signed link (`url`), or by e-mail
 * (a queued task, as an export's).
 */
import Type, { type Static } from 'typebox';
import type { CompanyOutcome } from '@app/domain/account-deletion';
import { Body, call, changes, Empty, Id, Nullable, OneOf, READ_ONLY, Text, type Same, UPKEEP } from './schema-kit';
import { ExportJob } from './export';

const COMPANY_OUTCOMES = ['leave', 'delete', 'keep', 'blocked'] as const;
/** The outcomes above are the domain's. */
export type AccountSchemasMatchDomain = [Same<(typeof COMPANY_OUTCOMES)[number], CompanyOutcome>];
[true] satisfies AccountSchemasMatchDomain;

export const DeletionPreview = Type.Object({
  nickname: Type.String(),
  /** The bound phone, masked (`138****5678`); null when none is bound (then the phrase confirms). */
  phone: Nullable(Type.String()),
  confirmBy: OneOf(['sms', 'phrase'], '确认方式'),
  /** What is erased, and what the companies keep (the domain's lists). */
  erased: Type.Array(Type.String()),
  kept: Type.Array(Type.String()),
  companies: Type.Array(
    Type.Object({ id: Type.String(), name: Type.String(), roleName: Type.String(), outcome: OneOf([...COMPANY_OUTCOMES], '企业处理') }),
  ),
  /** Set when the deletion would be refused (2008): the message to show; the page offers no confirmation then. */
  refusal: Nullable(Type.String()),
});
export type DeletionPreview = Static<typeof DeletionPreview>;

export const DATA_COPY_FORMATS = ['json', 'xlsx'] as const;
export type DataCopyFormat = (typeof DATA_COPY_FORMATS)[number];

const CopyId = { id: Id('副本') };

export const accountCalls = {
  'account/deletionPreview': call(Empty, DeletionPreview, READ_ONLY),
  /** Sends the code to the bound phone (2006 with `result.waitSeconds` within a minute of the last one; 4000 with no phone). */
  'account/sendDeletionCode': call(Empty, Type.Object({ sentTo: Type.String(), waitSeconds: Type.Integer() }), UPKEEP),
  /** Deletes the account: every session ends, the old token answers 1001. */
  'account/delete': call(
    Body({
      code: Type.Optional(Type.String({ title: '验证码', pattern: '^\\d{6}$', maxLength: 6 })),
      phrase: Type.Optional(Text('确认文字', 20)),
    }),
    Type.Object({ deleted: Type.Literal(true) }),
    changes('account.delete'),
  ),
  /** Makes the copy (at once; `state` 已生成 with a signed link). */
  /** The person's own copy, no company's business: upkeep, not an entry of a company's trail. */
  'account/createDataCopy': call(Body({ format: OneOf([...DATA_COPY_FORMATS], '文件格式') }), ExportJob, UPKEEP),
  /** The copy with a fresh signed link (the caller's own; 4004 otherwise). */
  'account/getDataCopy': call(Body(CopyId), ExportJob, READ_ONLY),
  /**
   * Queues the copy's e-mail, sent and retried as an export's (`mailState` 发送中, then 已发送 or 发送失败 with
   * `failReason`); asked again while it is being sent to that address, it answers the copy and sends nothing more.
   * 2005 once the file expired. Recorded in the person's own trail (no company's).
   */
  'account/sendDataCopy': call(Body({ ...CopyId, email: Text('接收邮箱', 254, 3) }), ExportJob, changes('account.sendDataCopy')),
};
