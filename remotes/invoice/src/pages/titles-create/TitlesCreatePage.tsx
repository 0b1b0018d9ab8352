/**
 * `/titles/create` adds a title; `/titles/create?id=<id>` edits that one. After 保存成功 it goes back to where the
 * user came from (the title list), or to the list when the page was opened directly.
 */
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '@app/host-sdk/api-client';
import { useLocation, useNavigate, useSearchParams } from '@app/host-sdk/router';
import { Button } from '@app/ui/button';
import { Page } from '@app/ui/page';
import { Skeleton } from '@app/ui/skeleton';
import { StatusView } from '@app/ui/status-view';
import { Toast } from '@app/ui/toast';
import { href } from '../../paths';
import { getTitle, saveTitle, type Title } from '../../features/titles/titles-api';
import { TitleForm } from './TitleForm';
import type { TitleFormValues } from './title-form-rules';
import './titles-create.css';

type Loaded =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  /** `version` counts the loads: each one gets a fresh form. */
  | { state: 'ready'; title: Title | null; version: number };

/**
 * The title being edited (null when adding one). It is loaded again each time the page is shown (the page cache
 * re-runs effects), so an edit starts from what is stored; a new title's draft is kept.
 */
function useEditedTitle(id: string | null): { loaded: Loaded; retry: () => void } {
  const [loaded, setLoaded] = useState<Loaded>(id ? { state: 'loading' } : { state: 'ready', title: null, version: 0 });
  const [attempt, setAttempt] = useState(0);
  const loads = useRef(0);
  useEffect(() => {
    if (!id) return;
    let current = true;
    getTitle(id).then(
      (title) => {
        if (current) setLoaded({ state: 'ready', title, version: ++loads.current });
      },
      (error: unknown) => {
        // The server's reason (抬头不存在, 无权访问该抬头) when it gave one.
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

function valuesOf(title: Title): TitleFormValues {
  const { kind, name, taxNumber, address, phone, bankName, bankAccount, email, isDefault } = title;
  return { kind, name, taxNumber, address, phone, bankName, bankAccount, email, isDefault };
}

export default function TitlesCreatePage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const navigate = useNavigate();
  const location = useLocation();
  const { loaded, retry } = useEditedTitle(id);
  /** A new form after each save: the page stays alive in the page cache, and the next visit starts empty. */
  const [formVersion, setFormVersion] = useState(0);

  async function submit(values: TitleFormValues) {
    await saveTitle({ ...values, ...(id ? { id } : {}) });
    Toast.show({ icon: 'success', content: '保存成功' });
    setFormVersion((version) => version + 1);
    if (location.key !== 'default') navigate(-1);
    else navigate(href('titlesList'), { replace: true });
  }

  let body;
  if (loaded.state === 'loading') {
    body = (
      <div className="titles-create__loading" aria-busy="true" aria-label="加载中">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={5} animated />
      </div>
    );
  } else if (loaded.state === 'failed') {
    body = (
      <StatusView icon="disconnected" title="抬头加载失败" description={loaded.message}>
        <Button block color="primary" onClick={retry}>
          重试
        </Button>
      </StatusView>
    );
  } else {
    const initial = loaded.title ? valuesOf(loaded.title) : undefined;
    body = <TitleForm key={`${loaded.version}:${formVersion}`} initial={initial} onSubmit={submit} />;
  }

  return <Page title={id ? '编辑抬头' : '新增抬头'}>{body}</Page>;
}
