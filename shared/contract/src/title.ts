/** 发票抬头: a user's own invoice titles. The field rules are the domain's (`@app/domain/invoice-title`). */
import Type from 'typebox';
import type { Title as DomainTitle } from '@app/domain/invoice-title';
import { TITLE_KINDS } from '@app/domain/invoice-title';
import { Body, call, changes, Id, IsoTime, OneOf, Paged, Paging, READ_ONLY, type Same, Text } from './schema-kit';

export const Title = Type.Object({
  id: Type.String(),
  kind: OneOf([...TITLE_KINDS], '抬头类型'),
  name: Type.String(),
  taxNumber: Type.String(),
  address: Type.String(),
  phone: Type.String(),
  bankName: Type.String(),
  bankAccount: Type.String(),
  email: Type.String(),
  isDefault: Type.Boolean(),
  createdAt: IsoTime,
});
export type TitleMatchesDomain = Same<Type.Static<typeof Title>, DomainTitle>;
true satisfies TitleMatchesDomain;

const TitleId = Id('抬头编号');

export const titleCalls = {
  'title/list': call(Body({ ...Paging }), Paged(Title), READ_ONLY),
  'title/get': call(Body({ id: TitleId }), Title, READ_ONLY),
  'title/save': call(
    Body({
      id: Type.Optional(TitleId),
      kind: OneOf([...TITLE_KINDS], '抬头类型'),
      name: Text('抬头名称', 100, 1),
      taxNumber: Type.Optional(Text('纳税人识别号', 20)),
      address: Type.Optional(Text('地址', 100)),
      phone: Type.Optional(Text('电话', 30)),
      bankName: Type.Optional(Text('开户行', 100)),
      bankAccount: Type.Optional(Text('银行账号', 100)),
      email: Type.Optional(Text('邮箱', 100)),
      isDefault: Type.Optional(Type.Boolean({ title: '设为默认' })),
    }),
    Title,
    changes('title.save'),
  ),
  'title/setDefault': call(Body({ id: TitleId }), Title, changes('title.setDefault')),
  'title/delete': call(Body({ id: TitleId }), Type.Object({ id: Type.String() }), changes('title.delete')),
};
