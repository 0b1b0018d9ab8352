/**
 * `/my/companyGoods/add` adds goods; `?id=<id>` edits those (one screen: 新增商品 / 编辑商品). Managers only: the
 * server refuses anyone else. After 保存成功 it goes to `returnUrl` when one was given (a path of the app), else back
 * to where the user came from (the goods list, or the invoice form's goods picker), else to the goods list.
 */
import { useEffect, useRef, useState } from 'react';
import { sameOriginPath } from '@app/domain/return-path';
import { ApiError } from '@app/host-sdk/api-client';
import { useLocation, useNavigate, useSearchParams } from '@app/host-sdk/router';
import { Button } from '@app/ui/button';
import { showToast } from '@app/ui/feedback';
import { Page } from '@app/ui/page';
import { Skeleton } from '@app/ui/skeleton';
import { StatusView } from '@app/ui/status-view';
import type { Goods } from '@app/contract/goods';
import { href } from '../../paths';
import { getGoods, saveGoods } from './goods-add-api';
import { GoodsForm } from './GoodsForm';
import { shapeOf, type SaveGoodsBody } from './goods-form-rules';
import './my-company-goods-add.css';

type Loaded =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  /** `version` counts the loads: each one gets a fresh form. */
  | { state: 'ready'; goods: Goods | null; version: number };

/** The goods being edited (null when adding), loaded again each time the page is shown. */
function useEditedGoods(id: string | null): { loaded: Loaded; retry: () => void } {
  const [loaded, setLoaded] = useState<Loaded>(id ? { state: 'loading' } : { state: 'ready', goods: null, version: 0 });
  const [attempt, setAttempt] = useState(0);
  const loads = useRef(0);
  useEffect(() => {
    if (!id) {
      setLoaded((previous) => (previous.state === 'ready' && previous.goods === null ? previous : { state: 'ready', goods: null, version: ++loads.current }));
      return;
    }
    let current = true;
    getGoods(id).then(
      (goods) => {
        if (current) setLoaded({ state: 'ready', goods, version: ++loads.current });
      },
      (error: unknown) => {
        // The server's reason (商品不存在, 无权访问…) when it gave one.
        const message = error instanceof ApiError && error.errorCode !== null ? error.message : '请检查网络后重试';
        if (current) setLoaded({ state: 'failed', message });
      },
    );
    return () => {
      current = false;
    };
  }, [id, attempt]);
  return {
    loaded,
    retry: () => {
      setLoaded({ state: 'loading' });
      setAttempt((value) => value + 1);
    },
  };
}

export default function MyCompanyGoodsAddPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const returnTo = sameOriginPath(params.get('returnUrl'));
  const navigate = useNavigate();
  const location = useLocation();
  const { loaded, retry } = useEditedGoods(id);
  /** A new form after each save: the page stays alive in the page cache, and the next visit starts empty. */
  const [formVersion, setFormVersion] = useState(0);

  async function submit(body: SaveGoodsBody) {
    await saveGoods(body);
    showToast({ icon: 'success', content: '保存成功' });
    setFormVersion((version) => version + 1);
    if (returnTo) navigate(returnTo, { replace: true });
    else if (location.key !== 'default') navigate(-1);
    else navigate(href('myCompanyGoods'), { replace: true });
  }

  let body;
  if (loaded.state === 'loading') {
    body = (
      <div className="goods-add__loading" aria-busy="true" aria-label="加载中">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  } else if (loaded.state === 'failed') {
    body = (
      <StatusView icon="disconnected" title="商品加载失败" description={loaded.message}>
        <Button block color="primary" onClick={retry}>
          重试
        </Button>
      </StatusView>
    );
  } else {
    const initial = loaded.goods ? shapeOf(loaded.goods) : undefined;
    body = <GoodsForm key={`${id ?? 'new'}:${loaded.version}:${formVersion}`} id={id} initial={initial} onSubmit={submit} />;
  }

  return <Page title={id ? '编辑商品' : '新增商品'}>{body}</Page>;
}
