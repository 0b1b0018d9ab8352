/**
 * `/my/passenger` (乘客信息): the passenger's profile as the session has it (nickname, avatar) and the invoice title
 * their taxi invoices default to (`title/list`, the default first).
 */
import { useEffect, useState } from 'react';
import type { Title } from '@app/domain/invoice-title';
import { callApi } from '@app/host-sdk/api-client';
import { useRouteMeta } from '@app/host-sdk/router';
import { useSession } from '@app/host-sdk/session-hooks';
import { Page } from '@app/ui/page';
import { Card, DetailRow } from '@app/widgets/card';
import { Note } from '@app/widgets/note';

type DefaultTitle = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; title: Title | null };

export default function MyPassengerPage() {
  const pageTitle = useRouteMeta()?.title ?? '乘客信息';
  const { user } = useSession();
  const [loaded, setLoaded] = useState<DefaultTitle>({ state: 'loading' });
  useEffect(() => {
    let current = true;
    callApi('title/list', { page: 1 }).then(
      (result) => current && setLoaded({ state: 'ready', title: result.list.find((one) => one.isDefault) ?? result.list[0] ?? null }),
      () => current && setLoaded({ state: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, []);

  let title;
  if (loaded.state === 'loading') title = <Note>加载中…</Note>;
  else if (loaded.state === 'failed') title = <Note tone="danger">发票抬头加载失败</Note>;
  else if (!loaded.title) title = <Note>还没有发票抬头：申请开票时可新增</Note>;
  else {
    title = (
      <>
        <DetailRow label="名称">{loaded.title.name}</DetailRow>
        <DetailRow label="类型">{loaded.title.kind}</DetailRow>
        {loaded.title.taxNumber ? <DetailRow label="税号">{loaded.title.taxNumber}</DetailRow> : null}
        {loaded.title.email ? <DetailRow label="接收邮箱">{loaded.title.email}</DetailRow> : null}
      </>
    );
  }

  return (
    <Page title={pageTitle}>
      <Card title="个人信息" aria-label="个人信息">
        <DetailRow label="昵称">{user?.nickname ?? '—'}</DetailRow>
      </Card>
      <Card title="默认发票抬头" aria-label="默认发票抬头">
        {title}
      </Card>
    </Page>
  );
}
