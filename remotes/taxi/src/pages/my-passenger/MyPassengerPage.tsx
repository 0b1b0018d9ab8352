/**
 * `/my/passenger` (乘客信息): the passenger's profile as the session has it (nickname, avatar) and the invoice title
 * their taxi invoices default to (`title/list`, the default first).
 */
import type { Title } from '@app/domain/invoice-title';
import { callApi } from '@app/host-sdk/api-client';
import { useRouteMeta } from '@app/host-sdk/router';
import { useSession } from '@app/host-sdk/session-hooks';
import { Page } from '@app/ui/page';
import { Card, DetailRow } from '@app/widgets/card';
import { Note } from '@app/widgets/note';
import { useLoaded } from '@app/widgets/use-loaded-by-code';

/** The passenger's default title, else their first, else none. */
async function defaultTitle(): Promise<Title | null> {
  const result = await callApi('title/list', { page: 1 });
  return result.list.find((one) => one.isDefault) ?? result.list[0] ?? null;
}

/** The default title's card: its details, or a line saying why there are none (a card's line, not a page's view). */
function DefaultTitle() {
  const { loaded } = useLoaded(defaultTitle);
  if (loaded.state === 'loading') return <Note>加载中…</Note>;
  if (loaded.state === 'refused') return <Note tone="danger">{loaded.message}</Note>;
  if (loaded.state !== 'ready') return <Note tone="danger">发票抬头加载失败</Note>;
  const title = loaded.value;
  if (!title) return <Note>还没有发票抬头：申请开票时可新增</Note>;
  return (
    <>
      <DetailRow label="名称">{title.name}</DetailRow>
      <DetailRow label="类型">{title.kind}</DetailRow>
      {title.taxNumber ? <DetailRow label="税号">{title.taxNumber}</DetailRow> : null}
      {title.email ? <DetailRow label="接收邮箱">{title.email}</DetailRow> : null}
    </>
  );
}

export default function MyPassengerPage() {
  const pageTitle = useRouteMeta()?.title ?? '乘客信息';
  const { user } = useSession();
  return (
    <Page title={pageTitle}>
      <Card title="个人信息" aria-label="个人信息">
        <DetailRow label="昵称">{user?.nickname ?? '—'}</DetailRow>
      </Card>
      <Card title="默认发票抬头" aria-label="默认发票抬头">
        <DefaultTitle />
      </Card>
    </Page>
  );
}
